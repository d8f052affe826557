CREATE TABLE "sitting_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sitting_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sitting_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"question_id" bigint,
	"to_all" boolean DEFAULT false NOT NULL,
	"challenge_id" text,
	"body" text NOT NULL,
	"author" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sitting_notices_shape" CHECK (("sitting_notices"."kind" = 'announcement' and "sitting_notices"."user_id" is null and "sitting_notices"."question_id" is null)
        or ("sitting_notices"."kind" = 'question' and "sitting_notices"."user_id" is not null and "sitting_notices"."question_id" is null)
        or ("sitting_notices"."kind" = 'answer' and "sitting_notices"."user_id" is not null and "sitting_notices"."question_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "sitting_notices" ADD CONSTRAINT "sitting_notices_sitting_id_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."sittings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_notices" ADD CONSTRAINT "sitting_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_notices" ADD CONSTRAINT "sitting_notices_challenge_id_challenges_challenge_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("challenge_id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sitting_notices" ADD CONSTRAINT "sitting_notices_question_id_sitting_notices_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."sitting_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sitting_notices_user" ON "sitting_notices" USING btree ("sitting_id","user_id","id");--> statement-breakpoint
CREATE INDEX "sitting_notices_public" ON "sitting_notices" USING btree ("sitting_id","id") WHERE "sitting_notices"."kind" = 'announcement' or "sitting_notices"."to_all";--> statement-breakpoint
CREATE INDEX "sitting_notices_question" ON "sitting_notices" USING btree ("question_id");