ALTER TABLE "event_jobs" ADD COLUMN "geofence" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "eta_source" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "eta_basis" jsonb;