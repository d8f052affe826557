CREATE TABLE "exam_draws" (
	"sitting_attempt_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"challenge_id" text NOT NULL,
	CONSTRAINT "exam_draws_sitting_attempt_id_slot_id_pk" PRIMARY KEY("sitting_attempt_id","slot_id")
);
--> statement-breakpoint
CREATE TABLE "exam_slot_choices" (
	"slot_id" uuid NOT NULL,
	"challenge_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_slot_choices_slot_id_challenge_id_pk" PRIMARY KEY("slot_id","challenge_id")
);
--> statement-breakpoint
CREATE TABLE "exam_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_sitting_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "exam_slots_exam_ordinal" UNIQUE("exam_sitting_id","ordinal")
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"sitting_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_date" date NOT NULL,
	"end_time" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"scoring" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_start_time" CHECK ("exams"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "exams_end_time" CHECK ("exams"."end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "exams_scoring" CHECK ("exams"."scoring" in ('best', 'last'))
);
--> statement-breakpoint
ALTER TABLE "attempts" DROP CONSTRAINT "attempts_user_challenge";--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "sitting_id" uuid;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "sitting_attempt_id" uuid;--> statement-breakpoint
-- Hand-written (issue 31): a submission names the sitting attempt it was made in, so the same
-- challenge can count in several exams and on its own, and a standing also names its sitting
-- (attempts.sitting_id, kept equal to its sitting attempt's by a two-column foreign key). Every
-- existing submission was made on the challenge alone: its sitting attempt is its standing's
-- (attempts were unique per student and challenge until this migration). A submission without a
-- standing (written outside the API) is given one first, with the counters the judge keeps.
INSERT INTO "sittings" ("kind", "challenge_id")
  SELECT 'challenge', c."challenge_id" FROM "challenges" c
   WHERE NOT EXISTS (SELECT 1 FROM "sittings" s WHERE s."challenge_id" = c."challenge_id");--> statement-breakpoint
INSERT INTO "sitting_attempts" ("sitting_id", "user_id", "number", "started_at", "deadline")
  SELECT s."id", o."user_id", 1, o."first_at", o."last_at"
    FROM (SELECT sub."user_id", sub."challenge_id", min(sub."created_at") AS "first_at",
                 max(sub."created_at") AS "last_at"
            FROM "submissions" sub
           WHERE NOT EXISTS (SELECT 1 FROM "attempts" a
                              WHERE a."user_id" = sub."user_id" AND a."challenge_id" = sub."challenge_id")
           GROUP BY sub."user_id", sub."challenge_id") o
    JOIN "sittings" s ON s."challenge_id" = o."challenge_id"
  ON CONFLICT ("sitting_id", "user_id", "number") DO NOTHING;--> statement-breakpoint
INSERT INTO "attempts" ("user_id", "challenge_id", "sitting_attempt_id", "sitting_id", "started_at",
                        "submission_count", "last_submission_at", "best_score", "best_submission_id")
  SELECT sa."user_id", s."challenge_id", sa."id", sa."sitting_id", sa."started_at",
         (SELECT count(*)::int FROM "submissions" x
           WHERE x."user_id" = sa."user_id" AND x."challenge_id" = s."challenge_id"),
         (SELECT max(x."created_at") FROM "submissions" x
           WHERE x."user_id" = sa."user_id" AND x."challenge_id" = s."challenge_id"),
         b."score", b."id"
    FROM "sitting_attempts" sa JOIN "sittings" s ON s."id" = sa."sitting_id"
    LEFT JOIN LATERAL (SELECT x."score", x."id" FROM "submissions" x
                        WHERE x."user_id" = sa."user_id" AND x."challenge_id" = s."challenge_id"
                          AND x."verdict" IS NOT NULL
                        ORDER BY x."score" DESC, x."created_at", x."id" LIMIT 1) b ON true
   WHERE s."challenge_id" IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM "attempts" a WHERE a."sitting_attempt_id" = sa."id")
     AND EXISTS (SELECT 1 FROM "submissions" x
                  WHERE x."user_id" = sa."user_id" AND x."challenge_id" = s."challenge_id");--> statement-breakpoint
UPDATE "attempts" a SET "sitting_id" = sa."sitting_id"
  FROM "sitting_attempts" sa WHERE sa."id" = a."sitting_attempt_id" AND a."sitting_id" IS NULL;--> statement-breakpoint
ALTER TABLE "attempts" ALTER COLUMN "sitting_id" SET NOT NULL;--> statement-breakpoint
UPDATE "submissions" s SET "sitting_attempt_id" = a."sitting_attempt_id"
  FROM "attempts" a WHERE a."user_id" = s."user_id" AND a."challenge_id" = s."challenge_id";--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "sitting_attempt_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_draws" ADD CONSTRAINT "exam_draws_sitting_attempt_id_sitting_attempts_id_fk" FOREIGN KEY ("sitting_attempt_id") REFERENCES "public"."sitting_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_draws" ADD CONSTRAINT "exam_draws_slot_id_exam_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."exam_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_draws" ADD CONSTRAINT "exam_draws_challenge_id_challenges_challenge_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("challenge_id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "exam_slot_choices" ADD CONSTRAINT "exam_slot_choices_slot_id_exam_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."exam_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_slot_choices" ADD CONSTRAINT "exam_slot_choices_challenge_id_challenges_challenge_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("challenge_id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "exam_slots" ADD CONSTRAINT "exam_slots_exam_sitting_id_exams_sitting_id_fk" FOREIGN KEY ("exam_sitting_id") REFERENCES "public"."exams"("sitting_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_sitting_id_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."sittings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_draws_slot" ON "exam_draws" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "exam_draws_challenge" ON "exam_draws" USING btree ("challenge_id");--> statement-breakpoint
CREATE INDEX "exam_slot_choices_challenge" ON "exam_slot_choices" USING btree ("challenge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_code_lower" ON "exams" USING btree (lower("code"));--> statement-breakpoint
-- Moved by hand: the key below needs this unique constraint to exist first.
ALTER TABLE "sitting_attempts" ADD CONSTRAINT "sitting_attempts_id_sitting" UNIQUE("id","sitting_id");--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_sitting_attempt_sitting_fk" FOREIGN KEY ("sitting_attempt_id","sitting_id") REFERENCES "public"."sitting_attempts"("id","sitting_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_sitting_attempt_id_sitting_attempts_id_fk" FOREIGN KEY ("sitting_attempt_id") REFERENCES "public"."sitting_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempts_user" ON "attempts" USING btree ("user_id","challenge_id");--> statement-breakpoint
CREATE INDEX "challenges_id_lower" ON "challenges" USING btree (lower("challenge_id"));--> statement-breakpoint
CREATE INDEX "submissions_sitting_attempt" ON "submissions" USING btree ("sitting_attempt_id","challenge_id","created_at");--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_sitting_attempt_challenge" UNIQUE("sitting_attempt_id","challenge_id");--> statement-breakpoint
-- Hand-written (issue 31): Submit's batch store (migration 0006) with each submission's sitting
-- attempt, which it is stored with and counted on: the standing is (sitting attempt, challenge).
-- The old signature is dropped, so a server of the previous release cannot call it by mistake.
DROP FUNCTION "portal_store_submissions"(uuid[], uuid[], text[], text[], text[], timestamptz[], integer, bigint);--> statement-breakpoint
CREATE FUNCTION "portal_store_submissions"(
  "p_ids" uuid[], "p_users" uuid[], "p_challenges" text[], "p_sitting_attempts" uuid[],
  "p_languages" text[], "p_codes" text[], "p_received" timestamptz[], "p_queue_limit" integer,
  "p_room_lock" bigint)
RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  "v_users" uuid[] := ARRAY(SELECT DISTINCT u FROM unnest("p_users") u);
  "v_waiting" integer;
  "v_jobs_ahead" integer;
  "v_pending" json;
  "v_inserted" uuid[];
  "v_jobs" json;
BEGIN
  PERFORM 1 FROM "users" WHERE "id" = ANY("v_users") ORDER BY "id" FOR UPDATE;
  PERFORM pg_advisory_xact_lock("p_room_lock");
  SELECT count(*)::int, (count(*) FILTER (WHERE "job_id" IS NOT NULL))::int
    INTO "v_waiting", "v_jobs_ahead"
    FROM "submissions" WHERE "status" = 'queued';
  SELECT coalesce(json_object_agg(p."user_id", p."n"), '{}'::json) INTO "v_pending"
    FROM (SELECT s."user_id"::text AS "user_id", count(*)::int AS "n" FROM "submissions" s
           WHERE s."user_id" = ANY("v_users") AND s."status" IN ('queued', 'running')
           GROUP BY s."user_id") p;
  WITH "ins" AS (
    INSERT INTO "submissions" ("id", "user_id", "challenge_id", "sitting_attempt_id", "language",
                               "code", "status", "created_at")
    SELECT x."id", x."user_id", x."challenge_id", x."sitting_attempt_id", x."language", x."code",
           'queued', x."received"
      FROM unnest("p_ids", "p_users", "p_challenges", "p_sitting_attempts", "p_languages",
                  "p_codes", "p_received")
           WITH ORDINALITY AS x("id", "user_id", "challenge_id", "sitting_attempt_id", "language",
                                "code", "received", "n")
     WHERE x."n" <= greatest(0, "p_queue_limit" - "v_waiting")
    ON CONFLICT ("id") DO NOTHING
    RETURNING "id"
  )
  SELECT coalesce(array_agg("id"), '{}') INTO "v_inserted" FROM "ins";
  IF cardinality("v_inserted") > 0 THEN
    UPDATE "attempts" a
       SET "submission_count" = a."submission_count" + x."n",
           "last_submission_at" = greatest(coalesce(a."last_submission_at", x."last_at"),
                                           x."last_at")
      FROM (SELECT s."sitting_attempt_id", s."challenge_id", count(*)::int AS "n",
                   max(s."created_at") AS "last_at"
              FROM "submissions" s WHERE s."id" = ANY("v_inserted")
             GROUP BY s."sitting_attempt_id", s."challenge_id") x
     WHERE a."sitting_attempt_id" = x."sitting_attempt_id" AND a."challenge_id" = x."challenge_id";
    SELECT coalesce(json_agg(j), '[]'::json) INTO "v_jobs"
      FROM portal_assign_judge_jobs(ARRAY(
             SELECT DISTINCT s."user_id" FROM "submissions" s
              WHERE s."id" = ANY("v_inserted"))) j;
  END IF;
  RETURN json_build_object(
    'waiting', "v_waiting",
    'jobsAhead', "v_jobs_ahead",
    'pendingByUser', "v_pending",
    'inserted', to_json("v_inserted"),
    'jobs', coalesce("v_jobs", '[]'::json));
END
$$;
