CREATE TABLE "sitting_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sitting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"number" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "sitting_attempts_sitting_user_number" UNIQUE("sitting_id","user_id","number")
);
--> statement-breakpoint
CREATE TABLE "sittings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"challenge_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sittings_challenge_id_unique" UNIQUE("challenge_id")
);
--> statement-breakpoint
ALTER TABLE "sitting_attempts" ADD CONSTRAINT "sitting_attempts_sitting_id_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."sittings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_attempts" ADD CONSTRAINT "sitting_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_challenge_id_challenges_challenge_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("challenge_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "sitting_attempts_user" ON "sitting_attempts" USING btree ("user_id");--> statement-breakpoint
-- Hand-written (docs/design/exams-and-sittings.md, step 1): every challenge becomes a sitting of
-- one problem, every attempt's timer moves to a sitting attempt numbered 1, and the standing
-- names it. attempts.deadline goes: the sitting attempt's deadline is the one timer.
INSERT INTO "sittings" ("kind", "challenge_id") SELECT 'challenge', "challenge_id" FROM "challenges";--> statement-breakpoint
INSERT INTO "sitting_attempts" ("sitting_id", "user_id", "number", "started_at", "deadline")
  SELECT s."id", a."user_id", 1, a."started_at", a."deadline"
    FROM "attempts" a JOIN "sittings" s ON s."challenge_id" = a."challenge_id";--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "sitting_attempt_id" uuid;--> statement-breakpoint
UPDATE "attempts" a SET "sitting_attempt_id" = sa."id"
  FROM "sitting_attempts" sa JOIN "sittings" s ON s."id" = sa."sitting_id"
 WHERE s."challenge_id" = a."challenge_id" AND sa."user_id" = a."user_id";--> statement-breakpoint
ALTER TABLE "attempts" ALTER COLUMN "sitting_attempt_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_sitting_attempt_id_sitting_attempts_id_fk" FOREIGN KEY ("sitting_attempt_id") REFERENCES "public"."sitting_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" DROP COLUMN "deadline";