CREATE TABLE "alert_escalation_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"base_id" integer,
	"t1" integer NOT NULL,
	"t2" integer NOT NULL,
	"t3" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sms_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_escalation_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"step" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"outcome" text,
	"node" text
);
--> statement-breakpoint
ALTER TABLE "alert_escalation_rules" ADD CONSTRAINT "alert_escalation_rules_base_id_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_escalation_steps" ADD CONSTRAINT "alert_escalation_steps_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_escalation_rules_pair_idx" ON "alert_escalation_rules" USING btree ("category_id",coalesce("base_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "alert_escalation_steps_event_step_idx" ON "alert_escalation_steps" USING btree ("event_id","step");--> statement-breakpoint
CREATE INDEX "alert_escalation_steps_due_idx" ON "alert_escalation_steps" USING btree ("due_at") WHERE done_at is null;