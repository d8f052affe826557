ALTER TABLE "challenges" ADD COLUMN "output_limit_mb" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "grading" jsonb;