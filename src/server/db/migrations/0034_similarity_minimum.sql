ALTER TABLE "challenges" ADD COLUMN "similarity_minimum_tokens" integer;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "reference_solution" text DEFAULT '' NOT NULL;