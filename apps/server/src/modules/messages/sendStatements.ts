/**
 * The statements of a message send, each doing in one round trip what used to take several (issue 24 item 10:
 * with 2 s added to every database answer a send took 38 s): what the checks need before the command, and the
 * insert with its conversation and sequence inside it.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable, type Tx } from '../../db/client.js';
import { isRowId } from '../events/access.js';

export interface SendFacts {
  /** the saved message of this uuid (a retry), else null */
  retried: { id: number; userId: number | null; eventId: number } | null;
  /** the event the body names, with what visibility needs; null when it names none */
  event: { id: number; baseId: number | null; units: number[] } | null;
  categoryKnown: boolean;
  /** those of the named files stored for that event */
  storedMedia: string[];
}

/**
 * Everything the checks of a send read, in one statement: the message saved under the uuid, the event by id or
 * by uuid with its owner and units, whether the category exists and which media files are stored for the event.
 */
export async function loadSendFacts(
  q: Queryable,
  ref: { uuid: string | null; eventId?: number | null; eventUuid?: string | null; categoryId: number; files: string[] },
): Promise<SendFacts> {
  const eventWhere =
    ref.eventId != null
      ? isRowId(ref.eventId)
        ? sql`id = ${ref.eventId}::int`
        : sql`false`
      : sql`uuid = ${ref.eventUuid ?? ''}::text`;
  const files =
    ref.files.length > 0
      ? sql.join(
          ref.files.map((f) => sql`${f}::text`),
          sql`, `,
        )
      : sql`null::text`;
  const [row] = await queryRows<{
    retried: { id: number; userId: number | null; eventId: number } | null;
    event_id: number | null;
    base_id: number | null;
    units: number[] | null;
    category_known: boolean;
    stored: string[] | null;
  }>(
    q,
    sql`with ev as (
          select id, base_id, array(select base_id from event_to_base where event_id = events.id) as units
            from events where ${eventWhere}
        )
        select
          ${ref.uuid == null ? sql`null::json` : sql`(select json_build_object('id', id, 'userId', user_id, 'eventId', event_id) from messages where uuid = ${ref.uuid}::text)`} as retried,
          (select id from ev) as event_id,
          (select base_id from ev) as base_id,
          (select units from ev) as units,
          exists(select 1 from message_categories where id = ${ref.categoryId}::int) as category_known,
          array(select file_name from media where event_id = (select id from ev) and file_name in (${files})) as stored`,
  );
  return {
    retried: row.retried,
    event:
      row.event_id == null
        ? null
        : { id: Number(row.event_id), baseId: row.base_id, units: (row.units ?? []).map(Number) },
    categoryKnown: row.category_known,
    storedMedia: row.stored ?? [],
  };
}

export interface MessageValues {
  uuid: string;
  eventId: number;
  messageCategoryId: number;
  type: string;
  content: string | null;
  data: Record<string, unknown>;
  media: string[] | null;
  userId: number | null;
  deviceId: number | null;
  deviceCode: string | null;
  senderName: string;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  at: Date;
}

/**
 * Inserts the message into its event's conversation of its category (made when the event has none) with the
 * event's next sequence, in one statement. Run it after the event row is locked, in a statement of its own:
 * the lock orders concurrent senders, and only a statement that starts after the lock sees the last one's
 * sequence. `id` null: the uuid is taken (a retry that raced the first try committed meanwhile).
 */
export async function insertMessage(
  tx: Tx,
  m: MessageValues,
): Promise<{ id: number | null; conversationId: number; conversationCreated: boolean }> {
  const at = m.at.toISOString();
  const media = m.media == null ? sql`null::jsonb` : sql`${JSON.stringify(m.media)}::jsonb`;
  const [row] = await queryRows<{ id: number | null; conversation_id: number; conversation_created: boolean }>(
    tx,
    sql`with found as (
          select id from conversations where event_id = ${m.eventId}::int and type = ${m.messageCategoryId}::int
           order by id limit 1
        ),
        made as (
          insert into conversations (event_id, type, name)
          select ${m.eventId}::int, ${m.messageCategoryId}::int, ${`event-messages-${m.messageCategoryId}`}::text
           where not exists (select 1 from found)
          returning id
        ),
        conv as (select id, false as created from found union all select id, true from made),
        inserted as (
          insert into messages (uuid, event_id, conversation_id, message_category_id, type, content, data, media,
                                user_id, device_id, device_code, sender_name, latitude, longitude, accuracy, sequence,
                                created_at, inserted_at, updated_at)
          select ${m.uuid}::text, ${m.eventId}::int, (select id from conv), ${m.messageCategoryId}::int,
                 ${m.type}::text, ${m.content}::text, ${JSON.stringify(m.data)}::jsonb, ${media},
                 ${m.userId}::int, ${m.deviceId}::int, ${m.deviceCode}::text, ${m.senderName}::text,
                 ${m.latitude}::float8, ${m.longitude}::float8, ${m.accuracy}::float8,
                 (select coalesce(max(sequence), 0)::int + 1 from messages where event_id = ${m.eventId}::int),
                 ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
          on conflict (uuid) do nothing
          returning id
        )
        select (select id from inserted) as id, (select id from conv) as conversation_id,
               (select created from conv) as conversation_created`,
  );
  return {
    id: row.id == null ? null : Number(row.id),
    conversationId: Number(row.conversation_id),
    conversationCreated: row.conversation_created,
  };
}
