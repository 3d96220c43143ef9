CREATE TABLE "event_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"taken_at" timestamp with time zone,
	"taken_by" integer
);
--> statement-breakpoint
ALTER TABLE "event_queue" ADD CONSTRAINT "event_queue_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_queue_state_idx" ON "event_queue" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "event_queue_event_idx" ON "event_queue" USING btree ("event_id");