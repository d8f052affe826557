-- Submit's write path as two functions (issue 13, deadline burst). A deadline brings hundreds of
-- Submits a second; every statement of their transaction is a round trip, and on a loaded
-- machine each one waits its turn for a core (5-40 ms were measured per statement). Inside a
-- VOLATILE function every statement still takes a fresh snapshot (READ COMMITTED), so locking
-- first and counting after stays exact, but the whole batch costs one round trip.
--
-- portal_assign_judge_jobs: fair scheduling (src/server/submissions/fair-enqueue.ts). For each
-- student, their oldest waiting submission gets a judge job id, unless one of theirs already holds
-- a job. The caller has locked the students' rows and sends the pg-boss jobs with these ids in
-- the same transaction. Returns what a job's lease is computed from.
CREATE OR REPLACE FUNCTION "portal_assign_judge_jobs"("p_users" uuid[])
RETURNS TABLE ("submission_id" uuid, "user_id" uuid, "job_id" uuid, "language" text,
               "time_limit_ms" integer, "tests" integer)
LANGUAGE sql VOLATILE AS $$
  WITH "next" AS (
    SELECT DISTINCT ON (s."user_id") s."id"
      FROM "submissions" s
     WHERE s."user_id" = ANY("p_users") AND s."status" = 'queued' AND s."job_id" IS NULL
       AND NOT EXISTS (
         SELECT 1 FROM "submissions" h
          WHERE h."user_id" = s."user_id" AND h."status" IN ('queued', 'running')
            AND h."job_id" IS NOT NULL)
     ORDER BY s."user_id", s."created_at", s."id"
  ), "assigned" AS (
    UPDATE "submissions" s SET "job_id" = gen_random_uuid(), "enqueued_at" = now()
      FROM "next" WHERE s."id" = "next"."id"
    RETURNING s."id", s."user_id", s."job_id", s."language", s."challenge_id"
  )
  SELECT a."id", a."user_id", a."job_id", a."language", c."time_limit_ms",
         (SELECT count(*) FROM "test_cases" t WHERE t."challenge_id" = a."challenge_id")::int
    FROM "assigned" a JOIN "challenges" c ON c."challenge_id" = a."challenge_id"
$$;
--> statement-breakpoint
-- portal_store_submissions: a batch of Submits (src/server/submissions/store-submission.ts). The
-- arrays are one submission per index, repeated ids already removed, in the order they arrived.
-- Locks the students (in id order, as everywhere: no deadlocks), then the queue's room (an
-- advisory lock, so JUDGE_QUEUE_LIMIT holds across every server), counts what waits, stores the
-- first ones that fit (an id stored before is left alone), counts them on their attempts and
-- assigns the judge jobs. Returns the figures as JSON: waiting and jobsAhead (before this batch),
-- pendingByUser (each student's queued or running ones before it), the ids inserted, the jobs.
CREATE OR REPLACE FUNCTION "portal_store_submissions"(
  "p_ids" uuid[], "p_users" uuid[], "p_challenges" text[], "p_languages" text[],
  "p_codes" text[], "p_received" timestamptz[], "p_queue_limit" integer, "p_room_lock" bigint)
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
    INSERT INTO "submissions" ("id", "user_id", "challenge_id", "language", "code", "status",
                               "created_at")
    SELECT x."id", x."user_id", x."challenge_id", x."language", x."code", 'queued', x."received"
      FROM unnest("p_ids", "p_users", "p_challenges", "p_languages", "p_codes", "p_received")
           WITH ORDINALITY AS x("id", "user_id", "challenge_id", "language", "code", "received",
                                "n")
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
      FROM (SELECT s."user_id", s."challenge_id", count(*)::int AS "n",
                   max(s."created_at") AS "last_at"
              FROM "submissions" s WHERE s."id" = ANY("v_inserted")
             GROUP BY s."user_id", s."challenge_id") x
     WHERE a."user_id" = x."user_id" AND a."challenge_id" = x."challenge_id";
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
