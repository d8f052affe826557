ALTER TABLE "sitting_attempts" ADD COLUMN "exam_total" double precision;--> statement-breakpoint
ALTER TABLE "sitting_attempts" ADD COLUMN "exam_last_submission_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: the stored exam totals (src/server/exams/exam-totals.ts says why triggers, and
-- lists every writer). exam_totals_refresh recomputes the given sitting attempts exactly as
-- exam-cells.ts's examTotalsSql does: per slot of the exam, the drawn problem's standing, the
-- counting score (best: the standing's best_score; last: the latest judged submission's score)
-- out of the challenge's maximum times the slot's points, rounded to hundredths; the total is
-- the rounded sum of those cells; the last submission's time is the latest of the standings'.
-- Rows whose values are already right are not written. PL/pgSQL rather than SQL so that each
-- connection plans the statement once, not on every call (planning was 0.5 ms of a 0.6 ms call).
CREATE FUNCTION "exam_totals_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sitting_attempts sa
     SET exam_total = t.total, exam_last_submission_at = t.last_at
    FROM (
      SELECT x.id,
        round(sum(round((
          CASE WHEN e.scoring = 'best' THEN a.best_score
          ELSE (SELECT s.score FROM submissions s
                 WHERE s.sitting_attempt_id = a.sitting_attempt_id
                   AND s.challenge_id = a.challenge_id AND s.verdict IS NOT NULL
                 ORDER BY s.created_at DESC, s.id DESC LIMIT 1) END
          / nullif(c.score, 0) * sl.points)::numeric, 2)::float8)::numeric, 2)::float8 AS total,
        max(a.last_submission_at) AS last_at
      FROM sitting_attempts x
        JOIN exams e ON e.sitting_id = x.sitting_id
        LEFT JOIN exam_slots sl ON sl.exam_sitting_id = e.sitting_id
        LEFT JOIN exam_draws d ON d.slot_id = sl.id AND d.sitting_attempt_id = x.id
        LEFT JOIN challenges c ON c.challenge_id = d.challenge_id
        LEFT JOIN attempts a ON a.sitting_attempt_id = x.id AND a.challenge_id = d.challenge_id
          AND a.sitting_id = x.sitting_id
      WHERE x.id = ANY(ids)
      GROUP BY x.id) t
   WHERE sa.id = t.id
     AND (sa.exam_total IS DISTINCT FROM t.total
       OR sa.exam_last_submission_at IS DISTINCT FROM t.last_at);
END
$$;--> statement-breakpoint
-- Every sitting attempt of these exams (a slot's points, a slot added or removed, the scoring).
CREATE FUNCTION "exam_totals_refresh_exams"(exam_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  SELECT exam_totals_refresh(array(
    SELECT x.id FROM sitting_attempts x WHERE x.sitting_id = ANY(exam_ids)))
$$;--> statement-breakpoint
-- Statement triggers over a transition table named "changed" (rows inserted or deleted).
-- On attempts' updates, "before" holds the old rows: only standings whose best, last time,
-- problem or sitting attempt moved count.
CREATE FUNCTION "exam_totals_changed_standings"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT x.id) INTO ids FROM changed n JOIN before o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.sitting_attempt_id), (o.sitting_attempt_id)) x(id)
     WHERE o.best_score IS DISTINCT FROM n.best_score
        OR o.last_submission_at IS DISTINCT FROM n.last_submission_at
        OR o.challenge_id IS DISTINCT FROM n.challenge_id
        OR o.sitting_attempt_id IS DISTINCT FROM n.sitting_attempt_id;
  ELSE
    SELECT array_agg(DISTINCT sitting_attempt_id) INTO ids FROM changed;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM exam_totals_refresh(ids);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Submissions count only under `last` scoring (`best` reads the standing's best_score).
CREATE FUNCTION "exam_totals_changed_submissions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM exam_totals_refresh(array(
    SELECT DISTINCT x.id FROM changed ch
      JOIN sitting_attempts x ON x.id = ch.sitting_attempt_id
      JOIN exams e ON e.sitting_id = x.sitting_id
    WHERE e.scoring = 'last'));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "exam_totals_changed_slots"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM exam_totals_refresh_exams(array(
      SELECT DISTINCT n.exam_sitting_id FROM changed n JOIN before o ON o.id = n.id
       WHERE o.points IS DISTINCT FROM n.points OR o.exam_sitting_id <> n.exam_sitting_id
      UNION SELECT o.exam_sitting_id FROM changed n JOIN before o ON o.id = n.id
       WHERE o.exam_sitting_id <> n.exam_sitting_id));
  ELSE
    PERFORM exam_totals_refresh_exams(array(SELECT DISTINCT exam_sitting_id FROM changed));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Row triggers: one row changed in place (a standing's best or last time, a submission's
-- result, a draw, an exam's scoring, a challenge's maximum).
CREATE FUNCTION "exam_totals_changed_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'exam_draws' THEN
    PERFORM exam_totals_refresh(array[OLD.sitting_attempt_id, NEW.sitting_attempt_id]);
  ELSIF TG_TABLE_NAME = 'submissions' THEN
    PERFORM exam_totals_refresh(array(
      SELECT x.id FROM sitting_attempts x JOIN exams e ON e.sitting_id = x.sitting_id
       WHERE x.id IN (OLD.sitting_attempt_id, NEW.sitting_attempt_id) AND e.scoring = 'last'));
  ELSIF TG_TABLE_NAME = 'exams' THEN
    PERFORM exam_totals_refresh_exams(array[NEW.sitting_id]);
  ELSIF TG_TABLE_NAME = 'challenges' THEN
    PERFORM exam_totals_refresh(array(
      SELECT DISTINCT d.sitting_attempt_id FROM exam_draws d
       WHERE d.challenge_id = NEW.challenge_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "exam_totals_attempts_insert" AFTER INSERT ON "attempts"
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "exam_totals_changed_standings"();--> statement-breakpoint
CREATE TRIGGER "exam_totals_attempts_delete" AFTER DELETE ON "attempts"
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "exam_totals_changed_standings"();--> statement-breakpoint
-- A statement trigger (a bulk update, a re-judge of many, is one refresh, not one per row); it
-- takes no column list with transition tables, so a signal counter's update costs one join of
-- the changed rows and refreshes nothing.
CREATE TRIGGER "exam_totals_attempts_update" AFTER UPDATE ON "attempts"
  REFERENCING OLD TABLE AS before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "exam_totals_changed_standings"();--> statement-breakpoint
CREATE TRIGGER "exam_totals_draws_insert" AFTER INSERT ON "exam_draws"
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "exam_totals_changed_standings"();--> statement-breakpoint
CREATE TRIGGER "exam_totals_draws_delete" AFTER DELETE ON "exam_draws"
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "exam_totals_changed_standings"();--> statement-breakpoint
CREATE TRIGGER "exam_totals_draws_update"
  AFTER UPDATE OF sitting_attempt_id, slot_id, challenge_id ON "exam_draws"
  FOR EACH ROW WHEN (OLD.sitting_attempt_id IS DISTINCT FROM NEW.sitting_attempt_id
    OR OLD.slot_id IS DISTINCT FROM NEW.slot_id OR OLD.challenge_id IS DISTINCT FROM NEW.challenge_id)
  EXECUTE FUNCTION "exam_totals_changed_row"();--> statement-breakpoint
CREATE TRIGGER "exam_totals_submissions_insert" AFTER INSERT ON "submissions"
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "exam_totals_changed_submissions"();--> statement-breakpoint
CREATE TRIGGER "exam_totals_submissions_delete" AFTER DELETE ON "submissions"
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "exam_totals_changed_submissions"();--> statement-breakpoint
CREATE TRIGGER "exam_totals_submissions_update"
  AFTER UPDATE OF verdict, score, created_at, challenge_id, sitting_attempt_id ON "submissions"
  FOR EACH ROW WHEN ((OLD.verdict IS NULL) IS DISTINCT FROM (NEW.verdict IS NULL)
    OR OLD.score IS DISTINCT FROM NEW.score OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.challenge_id IS DISTINCT FROM NEW.challenge_id
    OR OLD.sitting_attempt_id IS DISTINCT FROM NEW.sitting_attempt_id)
  EXECUTE FUNCTION "exam_totals_changed_row"();--> statement-breakpoint
CREATE TRIGGER "exam_totals_slots_insert" AFTER INSERT ON "exam_slots"
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "exam_totals_changed_slots"();--> statement-breakpoint
CREATE TRIGGER "exam_totals_slots_delete" AFTER DELETE ON "exam_slots"
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "exam_totals_changed_slots"();--> statement-breakpoint
-- A statement trigger with transition tables takes no column list: the slots whose points moved.
CREATE TRIGGER "exam_totals_slots_update" AFTER UPDATE ON "exam_slots"
  REFERENCING OLD TABLE AS before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "exam_totals_changed_slots"();--> statement-breakpoint
CREATE TRIGGER "exam_totals_exams_scoring" AFTER UPDATE OF scoring ON "exams"
  FOR EACH ROW WHEN (OLD.scoring IS DISTINCT FROM NEW.scoring)
  EXECUTE FUNCTION "exam_totals_changed_row"();--> statement-breakpoint
CREATE TRIGGER "exam_totals_challenges_score" AFTER UPDATE OF score ON "challenges"
  FOR EACH ROW WHEN (OLD.score IS DISTINCT FROM NEW.score)
  EXECUTE FUNCTION "exam_totals_changed_row"();--> statement-breakpoint
-- The existing attempts, from the same query.
SELECT exam_totals_refresh_exams(array(SELECT sitting_id FROM exams));
