CREATE TABLE "message_read_watermarks" (
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"message_category_id" integer NOT NULL,
	"read_through" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_read_watermarks_user_id_event_id_message_category_id_pk" PRIMARY KEY("user_id","event_id","message_category_id")
);
--> statement-breakpoint
ALTER TABLE "message_read_watermarks" ADD CONSTRAINT "message_read_watermarks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- the watermarks of the read marks already given (modules/messages/watermarks.ts, the same rule): per user and
-- conversation, just before the oldest message of others still unread, at most the newest settled message
INSERT INTO "message_read_watermarks" ("user_id", "event_id", "message_category_id", "read_through")
SELECT k.user_id, k.event_id, k.category, least(k.settled, coalesce(
    (SELECT min(u.id) - 1 FROM "messages" u
      WHERE u.event_id = k.event_id AND u.message_category_id = k.category AND u.user_id IS DISTINCT FROM k.user_id
        AND NOT EXISTS (SELECT 1 FROM "message_reads" r WHERE r.message_id = u.id AND r.user_id = k.user_id)),
    k.settled))
FROM (
  SELECT r.user_id, m.event_id, m.message_category_id AS category,
    (SELECT max(n.id) FROM "messages" n WHERE n.event_id = m.event_id AND n.message_category_id = m.message_category_id
      AND n.inserted_at < now() - interval '120 seconds') AS settled
  FROM "message_reads" r JOIN "messages" m ON m.id = r.message_id
  GROUP BY r.user_id, m.event_id, m.message_category_id) k
WHERE k.settled IS NOT NULL;
