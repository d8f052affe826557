CREATE TABLE "judge_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"concurrency" integer NOT NULL,
	"running" integer DEFAULT 0 NOT NULL,
	"judged" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "run_locks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "verdict" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "best_score" double precision;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "best_submission_id" uuid;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "submission_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "last_submission_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "status" text DEFAULT 'judged' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "enqueued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "judged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "run_locks" ADD CONSTRAINT "run_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempts_challenge_best" ON "attempts" USING btree ("challenge_id","best_score");--> statement-breakpoint
CREATE INDEX "submissions_challenge" ON "submissions" USING btree ("challenge_id","created_at");--> statement-breakpoint
CREATE INDEX "submissions_pending" ON "submissions" USING btree ("user_id","created_at") WHERE "submissions"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "submissions_waiting" ON "submissions" USING btree ("enqueued_at") WHERE "submissions"."status" = 'queued' and "submissions"."job_id" is not null;--> statement-breakpoint
-- Submissions stored before this migration were judged in the request: each attempt takes its
-- standing from them (best score, the earliest submission with it, count, last time).
UPDATE "attempts" AS a SET
	"submission_count" = s.n,
	"last_submission_at" = s.last_at,
	"best_score" = s.best,
	"best_submission_id" = s.best_id
FROM (
	SELECT "user_id", "challenge_id", count(*)::int AS n, max("created_at") AS last_at, max("score") AS best,
		(array_agg("id" ORDER BY "score" DESC, "created_at" ASC))[1] AS best_id
	FROM "submissions" GROUP BY "user_id", "challenge_id"
) AS s
WHERE a."user_id" = s."user_id" AND a."challenge_id" = s."challenge_id";--> statement-breakpoint
UPDATE "submissions" SET "judged_at" = "created_at" WHERE "judged_at" IS NULL;
