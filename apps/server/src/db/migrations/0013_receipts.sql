CREATE TABLE "device_receipts" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"delivered_at" timestamp with time zone,
	"delivered_via" text,
	"shown_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	CONSTRAINT "device_receipts_kind_item_id_device_id_pk" PRIMARY KEY("kind","item_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "receipts" jsonb;--> statement-breakpoint
ALTER TABLE "device_receipts" ADD CONSTRAINT "device_receipts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_receipts_device_idx" ON "device_receipts" USING btree ("device_id","delivered_at");