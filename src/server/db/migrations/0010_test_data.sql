CREATE TABLE "test_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sha256" text,
	"size" bigint DEFAULT 0 NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_data_sha256_unique" UNIQUE("sha256")
);
--> statement-breakpoint
CREATE TABLE "test_data_chunks" (
	"data_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "test_data_chunks_data_seq" UNIQUE("data_id","seq")
);
--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "input_sha256" text;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "expected_output_sha256" text;--> statement-breakpoint
ALTER TABLE "test_data_chunks" ADD CONSTRAINT "test_data_chunks_data_id_test_data_id_fk" FOREIGN KEY ("data_id") REFERENCES "public"."test_data"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_data_uploaded_at" ON "test_data" USING btree ("uploaded_at");--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_input_sha256_test_data_sha256_fk" FOREIGN KEY ("input_sha256") REFERENCES "public"."test_data"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_expected_output_sha256_test_data_sha256_fk" FOREIGN KEY ("expected_output_sha256") REFERENCES "public"."test_data"("sha256") ON DELETE no action ON UPDATE no action;