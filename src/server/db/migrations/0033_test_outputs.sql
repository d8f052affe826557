CREATE TABLE "submission_test_outputs" (
	"submission_id" uuid NOT NULL,
	"test_index" integer NOT NULL,
	"stdout" text NOT NULL,
	"stdout_cut" boolean NOT NULL,
	"stderr" text NOT NULL,
	"stderr_cut" boolean NOT NULL,
	CONSTRAINT "submission_test_outputs_submission_id_test_index_pk" PRIMARY KEY("submission_id","test_index")
);
--> statement-breakpoint
ALTER TABLE "submission_test_outputs" ADD CONSTRAINT "submission_test_outputs_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;