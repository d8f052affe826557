ALTER TABLE "sitting_attempts" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sitting_attempts" ADD COLUMN "current_challenge_id" text;