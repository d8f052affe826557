CREATE TABLE "sitting_passes" (
	"sitting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"password_id" text NOT NULL,
	"attempt_number" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sitting_passes_sitting_id_user_id_pk" PRIMARY KEY("sitting_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "sittings" ADD COLUMN "access_rules" jsonb;--> statement-breakpoint
ALTER TABLE "sitting_passes" ADD CONSTRAINT "sitting_passes_sitting_id_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."sittings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_passes" ADD CONSTRAINT "sitting_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sitting_passes_user" ON "sitting_passes" USING btree ("user_id");