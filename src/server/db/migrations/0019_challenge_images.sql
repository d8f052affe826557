CREATE TABLE "challenge_images" (
	"challenge_id" text NOT NULL,
	"name" text NOT NULL,
	"sha256" text NOT NULL,
	"media_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_images_challenge_id_name_pk" PRIMARY KEY("challenge_id","name")
);
--> statement-breakpoint
ALTER TABLE "challenge_images" ADD CONSTRAINT "challenge_images_challenge_id_challenges_challenge_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("challenge_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "challenge_images" ADD CONSTRAINT "challenge_images_sha256_test_data_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."test_data"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_images_sha256" ON "challenge_images" USING btree ("sha256");