CREATE TABLE "result_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge_id" text,
	"exam_sitting_id" uuid,
	"mode" text NOT NULL,
	"released_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_releases_challenge_id_unique" UNIQUE("challenge_id"),
	CONSTRAINT "result_releases_exam_sitting_id_unique" UNIQUE("exam_sitting_id"),
	CONSTRAINT "result_releases_mode" CHECK ("result_releases"."mode" in ('immediate', 'after_end', 'manual')),
	CONSTRAINT "result_releases_one_target" CHECK (num_nonnulls("result_releases"."challenge_id", "result_releases"."exam_sitting_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "submission_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"body" text NOT NULL,
	"author_id" uuid,
	"author_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_comments_line" CHECK ("submission_comments"."line" >= 1)
);
--> statement-breakpoint
CREATE TABLE "submission_feedback" (
	"submission_id" uuid PRIMARY KEY NOT NULL,
	"markdown" text NOT NULL,
	"author_id" uuid,
	"author_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "result_releases" ADD CONSTRAINT "result_releases_challenge_id_challenges_challenge_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("challenge_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "result_releases" ADD CONSTRAINT "result_releases_exam_sitting_id_exams_sitting_id_fk" FOREIGN KEY ("exam_sitting_id") REFERENCES "public"."exams"("sitting_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD CONSTRAINT "submission_comments_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD CONSTRAINT "submission_comments_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_feedback" ADD CONSTRAINT "submission_feedback_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_feedback" ADD CONSTRAINT "submission_feedback_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_comments_submission" ON "submission_comments" USING btree ("submission_id","line");