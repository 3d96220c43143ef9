/**
 * Which devices should get an item, and the summaries derived from the receipts (issue 25 item 1).
 *
 * "Should get it" (docs/READINGS.md "Messages"): the devices of the bases the item is for — the
 * event's own base and its units (`event_to_base`), the addressees of 000 §4 (domain events/alerts.ts
 * `isAddressee`) — except the device it came from (a sender's panel does not deliver to itself; an alert is
 * never raised on the device that created the event, 'own-device'). Panels that see every event (the central
 * base, groups) receive it too and their receipts are kept, but they are not counted as missing: nothing is
 * addressed to them. The rule is read when the summary or list is made, so a device added to a base later
 * counts from then on.
 */
import { sql, type SQL } from 'drizzle-orm';

const ids = (list: number[]) =>
  sql.join(
    list.map((id) => sql`${id}::int`),
    sql`, `,
  );

/** `d` (devices) is one the event `e` is addressed to. */
export const addressedDevice = (e: SQL, d: SQL) =>
  sql`(${d}.base_id = ${e}.base_id or ${d}.base_id in (select eb.base_id from event_to_base eb where eb.event_id = ${e}.id))`;

/** Summaries of the messages, written where they changed; returns the changed ids and the sender's base. */
export function messageSummariesSql(messageIds: number[]): SQL {
  return sql`
    with x as (
      select m.id, jsonb_build_object('expected', count(d.id), 'delivered', count(r.delivered_at),
        'shown', count(r.shown_at), 'read', count(r.read_at)) as s
      from messages m join events e on e.id = m.event_id
      left join devices d on ${addressedDevice(sql`e`, sql`d`)} and d.id is distinct from m.device_id
      left join device_receipts r on r.kind = 'message' and r.item_id = m.id and r.device_id = d.id
      where m.id in (${ids(messageIds)})
      group by m.id)
    update messages m set receipts = x.s from x
    where m.id = x.id and m.receipts is distinct from x.s
    returning m.id, coalesce((select u.base_id from users u where u.id = m.user_id),
      (select dv.base_id from devices dv where dv.id = m.device_id)) as base_id`;
}

/** Summaries of the alerts (in events.alert.receipts), written where they changed; `read` counts acceptance. */
export function alertSummariesSql(eventIds: number[]): SQL {
  return sql`
    with x as (
      select e.id, jsonb_build_object('expected', count(d.id), 'delivered', count(r.delivered_at),
        'shown', count(r.shown_at),
        'read', count(d.id) filter (where d.id = (e.alert->'acceptedBy'->>'deviceId')::int)) as s
      from events e
      left join devices d on ${addressedDevice(sql`e`, sql`d`)} and d.id is distinct from e.device_id
      left join device_receipts r on r.kind = 'alert' and r.item_id = e.id and r.device_id = d.id
      where e.id in (${ids(eventIds)}) and e.alert is not null
      group by e.id)
    update events e set alert = e.alert || jsonb_build_object('receipts', x.s) from x
    where e.id = x.id and e.alert is not null and (e.alert->'receipts') is distinct from x.s
    returning e.id`;
}
