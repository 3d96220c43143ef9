CREATE TABLE "media_thumbs" (
	"media_id" integer NOT NULL,
	"size" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_thumbs_media_id_size_pk" PRIMARY KEY("media_id","size")
);
--> statement-breakpoint
DROP INDEX "media_event_file_idx";--> statement-breakpoint
ALTER TABLE "media_thumbs" ADD CONSTRAINT "media_thumbs_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_event_file_idx" ON "media" USING btree ("event_id","file_name");