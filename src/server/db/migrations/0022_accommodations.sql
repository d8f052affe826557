CREATE TABLE "accommodation_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sitting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sitting_attempt_id" uuid,
	"kind" text NOT NULL,
	"minutes" integer,
	"factor" double precision,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"deadline_before" timestamp with time zone,
	"deadline_after" timestamp with time zone,
	"given_by_id" uuid NOT NULL,
	"given_by_email" text NOT NULL,
	"given_by_name" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sitting_accommodations" (
	"sitting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"extra_minutes" integer DEFAULT 0 NOT NULL,
	"duration_factor" double precision DEFAULT 1 NOT NULL,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"reset_number" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sitting_accommodations_sitting_id_user_id_pk" PRIMARY KEY("sitting_id","user_id"),
	CONSTRAINT "sitting_accommodations_factor" CHECK ("sitting_accommodations"."duration_factor" >= 1),
	CONSTRAINT "sitting_accommodations_window" CHECK (("sitting_accommodations"."window_start" is null) = ("sitting_accommodations"."window_end" is null) and ("sitting_accommodations"."window_end" is null or "sitting_accommodations"."window_end" > "sitting_accommodations"."window_start"))
);
--> statement-breakpoint
ALTER TABLE "accommodation_log" ADD CONSTRAINT "accommodation_log_sitting_id_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."sittings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_log" ADD CONSTRAINT "accommodation_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_log" ADD CONSTRAINT "accommodation_log_sitting_attempt_id_sitting_attempts_id_fk" FOREIGN KEY ("sitting_attempt_id") REFERENCES "public"."sitting_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_accommodations" ADD CONSTRAINT "sitting_accommodations_sitting_id_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."sittings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_accommodations" ADD CONSTRAINT "sitting_accommodations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accommodation_log_student" ON "accommodation_log" USING btree ("sitting_id","user_id","given_at");--> statement-breakpoint
-- Hand-written: the log is append-only (DESIGN.md §7's audit rule). An UPDATE is refused unless it
-- comes from a foreign key's action (depth > 1: the sitting attempt's ON DELETE SET NULL).
CREATE FUNCTION "accommodation_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'accommodation_log is append-only';
END
$$;--> statement-breakpoint
CREATE TRIGGER "accommodation_log_no_update" BEFORE UPDATE ON "accommodation_log"
  FOR EACH ROW EXECUTE FUNCTION "accommodation_log_append_only"();
