CREATE TABLE "address_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"search" text NOT NULL,
	"street" text,
	"house_number" text,
	"town" text,
	"town_part" text,
	"district" text,
	"region" text,
	"postcode" text,
	"jpo_id" integer,
	"jpo_name" text,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"source" text DEFAULT 'demo' NOT NULL,
	CONSTRAINT "address_points_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "hunting_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"hunting_region_id" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search" text NOT NULL,
	"kind" text DEFAULT 'town' NOT NULL,
	"population" integer,
	"district" text,
	"region" text,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "railway_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"coordinates" jsonb NOT NULL,
	"category" text DEFAULT 'regional' NOT NULL,
	"source" text DEFAULT 'demo' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "railway_lines_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "railway_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"search" text NOT NULL,
	"kind" text,
	"state" text,
	"active" boolean DEFAULT true NOT NULL,
	"km" double precision,
	"tudu" text,
	"section" text,
	"region" text,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"x" double precision,
	"y" double precision,
	"source" text DEFAULT 'demo' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "railway_points_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "address_points_search_idx" ON "address_points" USING btree ("search");--> statement-breakpoint
CREATE INDEX "address_points_lonlat_idx" ON "address_points" USING btree ("longitude","latitude");--> statement-breakpoint
CREATE INDEX "hunting_contacts_region_idx" ON "hunting_contacts" USING btree ("hunting_region_id");--> statement-breakpoint
CREATE INDEX "places_search_idx" ON "places" USING btree ("search");--> statement-breakpoint
CREATE INDEX "railway_points_search_idx" ON "railway_points" USING btree ("search");--> statement-breakpoint
CREATE INDEX "railway_points_section_idx" ON "railway_points" USING btree ("section");--> statement-breakpoint
CREATE INDEX "railway_points_lonlat_idx" ON "railway_points" USING btree ("longitude","latitude");