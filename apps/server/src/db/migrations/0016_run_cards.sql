CREATE TABLE "run_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"event_category_id" integer NOT NULL,
	"event_type_id" integer,
	"event_terrain_id" integer,
	"words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "run_cards" ADD CONSTRAINT "run_cards_event_category_id_event_categories_id_fk" FOREIGN KEY ("event_category_id") REFERENCES "public"."event_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_cards" ADD CONSTRAINT "run_cards_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_cards" ADD CONSTRAINT "run_cards_event_terrain_id_event_terrains_id_fk" FOREIGN KEY ("event_terrain_id") REFERENCES "public"."event_terrains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "run_cards_category_idx" ON "run_cards" USING btree ("event_category_id");