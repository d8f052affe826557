ALTER TABLE "challenges" ADD COLUMN "test_groups" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "group_name" text;