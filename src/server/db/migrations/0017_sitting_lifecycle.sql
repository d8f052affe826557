ALTER TABLE "sittings" ADD COLUMN "lifecycle" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "stopped_at" timestamp with time zone;