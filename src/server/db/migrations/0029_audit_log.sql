CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"call" text DEFAULT '' NOT NULL,
	"outcome" integer NOT NULL,
	"target_kind" text DEFAULT '' NOT NULL,
	"target_id" text DEFAULT '' NOT NULL,
	"course_id" uuid,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor" ON "audit_log" USING btree ("actor_email","at");--> statement-breakpoint
-- Append-only (issue 33): no UPDATE, no TRUNCATE, and no DELETE but the retention's, which goes
-- through audit_log_prune and never reaches an entry younger than 30 days. A backup's restore
-- (session_replication_role = replica) is the one writer these triggers do not see.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     AND current_setting('portal.audit_prune', true) = 'on'
     AND OLD."at" < now() - interval '30 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update" BEFORE UPDATE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_delete" BEFORE DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- The retention (AUDIT_RETENTION_DAYS, at least 30): the only way entries leave the log.
CREATE FUNCTION "audit_log_prune"(keep_days integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  removed bigint;
BEGIN
  PERFORM set_config('portal.audit_prune', 'on', true);
  DELETE FROM "audit_log" WHERE "at" < now() - make_interval(days => greatest(keep_days, 30));
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('portal.audit_prune', 'off', true);
  RETURN removed;
END
$$;
