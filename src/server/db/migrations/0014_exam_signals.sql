CREATE TABLE "attempt_signals" (
	"attempt_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"away_ms" bigint,
	"chars" integer,
	"blocked" boolean,
	"client_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_signals_attempt_id_event_id_pk" PRIMARY KEY("attempt_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "signal_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "tab_changes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "away_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "pastes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "blocked_pastes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "reloads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "capture_tab_changes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "disable_paste" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attempt_signals" ADD CONSTRAINT "attempt_signals_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_signals_received" ON "attempt_signals" USING btree ("attempt_id","received_at");