-- pg_trgm: the trigram index of the address search (PGlite loads the extension in db/client.ts)
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "ruian_import_progress" (
	"source" text NOT NULL,
	"entry" text NOT NULL,
	"line" integer DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ruian_import_progress_source_entry_pk" PRIMARY KEY("source","entry")
);
--> statement-breakpoint
DROP INDEX "address_points_search_idx";--> statement-breakpoint
CREATE INDEX "address_points_search_trgm_idx" ON "address_points" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "address_points_search_c_idx" ON "address_points" USING btree ("search" collate "C","id");