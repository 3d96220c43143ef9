-- Photos, recordings, thumbnails and sounds are stored as they are (issue 28: nothing heavy on the server's
-- thread): JPEG, mp3 and aac are compressed already, so PostgreSQL's default TOAST compression (pglz) only spent
-- CPU on every write to find that out. On the embedded database that CPU is the server's only thread: an 876 kB
-- photo's insert took 38-66 ms with the attempt and 25-28 ms without. EXTERNAL keeps large values out of line,
-- uncompressed; rows written before keep their storage until rewritten.
ALTER TABLE "media" ALTER COLUMN "data" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "media_thumbs" ALTER COLUMN "data" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "sound_assets" ALTER COLUMN "data" SET STORAGE EXTERNAL;
