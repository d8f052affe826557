CREATE TABLE "known_sign_in_addresses" (
	"scope" text NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"last_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_sign_in_addresses_scope_email_ip_pk" PRIMARY KEY("scope","email","ip")
);
--> statement-breakpoint
CREATE INDEX "known_sign_in_addresses_last" ON "known_sign_in_addresses" USING btree ("last_signed_in_at");