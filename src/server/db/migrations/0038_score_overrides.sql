CREATE TABLE "score_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"part" text NOT NULL,
	"kind" text NOT NULL,
	"value" double precision,
	"reason" text NOT NULL,
	"staff_id" uuid,
	"staff_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_overrides_part" CHECK ("score_overrides"."part" in ('score', 'manual')),
	CONSTRAINT "score_overrides_kind" CHECK ("score_overrides"."kind" in ('absolute', 'adjust', 'clear'))
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "override_kind" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "override_value" double precision;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "manual_points" double precision;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "manual_points_max" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "score_overrides" ADD CONSTRAINT "score_overrides_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_overrides" ADD CONSTRAINT "score_overrides_staff_id_admins_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_overrides_attempt" ON "score_overrides" USING btree ("attempt_id","created_at");--> statement-breakpoint
-- Hand-written: the stored exam totals (exam-totals.ts) count the standing's score override and
-- manual points (issue 34 item 3) exactly as exam-cells.ts's gradedCellSql does: the counting
-- score, replaced (absolute) or moved (adjust) by the override and kept within 0 and the
-- challenge's maximum, scaled to the slot's points and rounded to hundredths, plus the manual
-- points as they are; a cell with neither a judged score nor a grade stays null.
CREATE OR REPLACE FUNCTION "exam_totals_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sitting_attempts sa
     SET exam_total = t.total, exam_last_submission_at = t.last_at
    FROM (
      SELECT g.id, round(sum(g.cell)::numeric, 2)::float8 AS total, max(g.last_at) AS last_at
      FROM (
        SELECT x.id, a.last_submission_at AS last_at,
          CASE WHEN s.effective IS NULL AND a.manual_points IS NULL THEN NULL
          ELSE coalesce(round((s.effective / nullif(c.score, 0) * sl.points)::numeric, 2)::float8, 0)
            + coalesce(a.manual_points, 0) END AS cell
        FROM sitting_attempts x
          JOIN exams e ON e.sitting_id = x.sitting_id
          LEFT JOIN exam_slots sl ON sl.exam_sitting_id = e.sitting_id
          LEFT JOIN exam_draws d ON d.slot_id = sl.id AND d.sitting_attempt_id = x.id
          LEFT JOIN challenges c ON c.challenge_id = d.challenge_id
          LEFT JOIN attempts a ON a.sitting_attempt_id = x.id AND a.challenge_id = d.challenge_id
            AND a.sitting_id = x.sitting_id
          LEFT JOIN LATERAL (SELECT CASE WHEN e.scoring = 'best' THEN a.best_score
            ELSE (SELECT s.score FROM submissions s
                   WHERE s.sitting_attempt_id = a.sitting_attempt_id
                     AND s.challenge_id = a.challenge_id AND s.verdict IS NOT NULL
                   ORDER BY s.created_at DESC, s.id DESC LIMIT 1) END AS auto) au ON true
          LEFT JOIN LATERAL (SELECT CASE
            WHEN a.override_kind = 'absolute' THEN greatest(0, least(c.score, a.override_value))
            WHEN a.override_kind = 'adjust'
              THEN greatest(0, least(c.score, coalesce(au.auto, 0) + a.override_value))
            ELSE au.auto END AS effective) s ON true
        WHERE x.id = ANY(ids)) g
      GROUP BY g.id) t
   WHERE sa.id = t.id
     AND (sa.exam_total IS DISTINCT FROM t.total
       OR sa.exam_last_submission_at IS DISTINCT FROM t.last_at);
END
$$;--> statement-breakpoint
-- A standing's override or manual points moving changes its exam's total, as its best does.
CREATE OR REPLACE FUNCTION "exam_totals_changed_standings"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT x.id) INTO ids FROM changed n JOIN before o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.sitting_attempt_id), (o.sitting_attempt_id)) x(id)
     WHERE o.best_score IS DISTINCT FROM n.best_score
        OR o.last_submission_at IS DISTINCT FROM n.last_submission_at
        OR o.challenge_id IS DISTINCT FROM n.challenge_id
        OR o.sitting_attempt_id IS DISTINCT FROM n.sitting_attempt_id
        OR o.override_kind IS DISTINCT FROM n.override_kind
        OR o.override_value IS DISTINCT FROM n.override_value
        OR o.manual_points IS DISTINCT FROM n.manual_points;
  ELSE
    SELECT array_agg(DISTINCT sitting_attempt_id) INTO ids FROM changed;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM exam_totals_refresh(ids);
  END IF;
  RETURN NULL;
END
$$;
