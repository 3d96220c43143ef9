CREATE TABLE "login_trust" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"device_id" integer,
	"last_success_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "login_trust" ADD CONSTRAINT "login_trust_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_trust" ADD CONSTRAINT "login_trust_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "login_trust_user_kind_key_idx" ON "login_trust" USING btree ("user_id","kind","key");