ALTER TABLE "challenges" ADD COLUMN "checker_source" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- portal_assign_judge_jobs (migration 0006) also returns the checker's language, so a job's lease
-- covers the checker's compile and its run after every test (src/contract/judge-cost.ts). A new
-- result column needs a new function: dropped and created again, the same rule otherwise.
DROP FUNCTION IF EXISTS "portal_assign_judge_jobs"(uuid[]);
--> statement-breakpoint
CREATE FUNCTION "portal_assign_judge_jobs"("p_users" uuid[])
RETURNS TABLE ("submission_id" uuid, "user_id" uuid, "job_id" uuid, "language" text,
               "time_limit_ms" integer, "tests" integer, "checker_language" text)
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
         (SELECT count(*) FROM "test_cases" t WHERE t."challenge_id" = a."challenge_id")::int,
         CASE WHEN c."compare"->>'mode' = 'checker' THEN c."compare"->>'language' END
    FROM "assigned" a JOIN "challenges" c ON c."challenge_id" = a."challenge_id"
$$;
