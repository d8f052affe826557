ALTER TABLE "courses" ADD COLUMN "enrolment_code" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "enrolment_section_id" uuid;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_enrolment_section_id_course_sections_id_fk" FOREIGN KEY ("enrolment_section_id") REFERENCES "public"."course_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_enrolment_code_lower" ON "courses" USING btree (lower("enrolment_code"));