CREATE TABLE "device_trackers" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"tracker_id" text,
	"secret_hash" text NOT NULL,
	"secret_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"revoked_at" timestamp with time zone,
	"last_report_at" timestamp with time zone,
	"last_fix_at" timestamp with time zone,
	"last_refusal_at" timestamp with time zone,
	"last_refusal_reason" text,
	"refusals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "device_trackers_tracker_id_unique" UNIQUE("tracker_id"),
	CONSTRAINT "device_trackers_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
ALTER TABLE "resource_positions" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "resource_positions" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "device_trackers" ADD CONSTRAINT "device_trackers_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_positions_received_idx" ON "resource_positions" USING btree ("received_at");