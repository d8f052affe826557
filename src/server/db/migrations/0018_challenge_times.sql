ALTER TABLE "challenges" ADD COLUMN "start_time" time(0) DEFAULT '00:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "end_time" time(0) DEFAULT '23:59' NOT NULL;