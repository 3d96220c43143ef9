/**
 * Reading receipts (issue 25 item 1): the per-device list of one message or alert, and the device overview's
 * delivery columns (last delivery, deliveries missed today). Visibility (domain receipts/rules.ts
 * `mayViewDeviceReceipts`): the item must be visible to the viewer (the message's or event's own rule, 404
 * otherwise); of its devices a unit sees all for what it sent and its own devices otherwise, the central base
 * all. The list's summary counts only the devices the viewer sees.
 */
import { sql } from 'drizzle-orm';
import {
  isMissed,
  MISSED_AFTER_SECONDS,
  mayViewDeviceReceipts,
  type DeviceDelivery,
  type DeviceReceipt,
  type ReceiptKind,
  type ReceiptList,
} from '@panel/domain/receipts';
import { fromWireTime, toWireTime } from '@panel/domain/locale';
import type { AuthContext } from '../../context.js';
import { queryRows, type Queryable } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { wireTime } from '../../sync/wire.js';
import { seesAllDevices } from '../../sync/visibility.js';
import { visibleEvent } from '../events/access.js';
import { visibleMessage } from '../messages/queries.js';
import { viewerOf } from '../devices/access.js';

type Auth = Pick<AuthContext, 'user' | 'permissions'>;

interface ItemFacts {
  eventId: number;
  eventBaseId: number | null;
  /** the base that sent it: the message's sender (user, else device), the alert's event owner */
  senderBaseId: number | null;
  /** the device it came from (never expected to receive it) */
  sourceDeviceId: number | null;
  at: Date;
  /** an alert's acceptance: the device and its time */
  accepted: { deviceId: number | null; at: Date | null } | null;
}

async function factsOf(q: Queryable, auth: Auth, kind: ReceiptKind, id: number): Promise<ItemFacts> {
  if (kind === 'message') {
    const { row, event } = await visibleMessage(q, auth, id);
    const [sender] = await queryRows<{ base_id: number | null }>(
      q,
      sql`select coalesce((select base_id from users where id = ${row.userId}),
        (select base_id from devices where id = ${row.deviceId})) as base_id`,
    );
    return {
      eventId: row.eventId,
      eventBaseId: event.row.baseId,
      senderBaseId: sender?.base_id ?? null,
      sourceDeviceId: row.deviceId,
      at: row.insertedAt,
      accepted: null,
    };
  }
  const { row } = await visibleEvent(q, auth, id);
  const alert = row.alert as { acceptedBy?: { deviceId: number | null; at: string } | null } | null;
  if (!alert) throw notFound();
  return {
    eventId: row.id,
    eventBaseId: row.baseId,
    senderBaseId: row.baseId,
    sourceDeviceId: row.deviceId,
    at: row.createdAt,
    accepted: alert.acceptedBy ? { deviceId: alert.acceptedBy.deviceId, at: fromWireTime(alert.acceptedBy.at) } : null,
  };
}

interface DeviceRow {
  id: number;
  code: string;
  name: string;
  base_id: number | null;
  base_name: string | null;
  delivered_at: string | Date | null;
  shown_at: string | Date | null;
  read_at: string | Date | null;
}

const dateOf = (v: string | Date | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

/** GET /v2/receipts/{kind}/{id}: the devices that should have the item, as far as the viewer may see them. */
export async function receiptList(
  q: Queryable,
  auth: Auth,
  kind: ReceiptKind,
  id: number,
  now = new Date(),
): Promise<ReceiptList> {
  const facts = await factsOf(q, auth, kind, id);
  const rows = await queryRows<DeviceRow>(
    q,
    sql`select d.id, d.code, d.name, d.base_id, b.name as base_name, r.delivered_at, r.shown_at, r.read_at
      from devices d left join bases b on b.id = d.base_id
      left join device_receipts r on r.kind = ${kind} and r.item_id = ${id} and r.device_id = d.id
      where (d.base_id = ${facts.eventBaseId}
          or d.base_id in (select eb.base_id from event_to_base eb where eb.event_id = ${facts.eventId}))
        and d.id is distinct from ${facts.sourceDeviceId}::int
      order by b.name, d.code`,
  );
  const devices: DeviceReceipt[] = [];
  for (const r of rows) {
    if (!mayViewDeviceReceipts(auth.user, facts, { baseId: r.base_id })) continue;
    const delivered = dateOf(r.delivered_at);
    const read =
      kind === 'alert'
        ? facts.accepted?.deviceId === Number(r.id)
          ? (facts.accepted.at ?? null)
          : null
        : dateOf(r.read_at);
    devices.push({
      deviceId: Number(r.id),
      code: r.code,
      name: r.name,
      baseId: r.base_id === null ? null : Number(r.base_id),
      baseName: r.base_name,
      deliveredAt: wireTime(delivered),
      shownAt: wireTime(dateOf(r.shown_at)),
      readAt: wireTime(read),
      missed: isMissed(facts.at, delivered, now),
    });
  }
  const summary = {
    expected: devices.length,
    delivered: devices.filter((d) => d.deliveredAt).length,
    shown: devices.filter((d) => d.shownAt).length,
    read: devices.filter((d) => d.readAt).length,
  };
  return { kind, id, summary, devices };
}

/** Midnight of the Prague day of `now` (the overview's "today"). */
export function pragueDayStart(now: Date): Date {
  return fromWireTime(`${toWireTime(now).slice(0, 10)} 00:00:00`) ?? now;
}

/**
 * GET /v2/receipts/devices: for each device the viewer sees in the overview (the bundle's rule: all with
 * device.all on the central base, else the own unit's), the last delivery and how many items addressed to it
 * since the start of the Prague day it did not get within MISSED_AFTER_SECONDS.
 */
export async function deviceDeliveries(q: Queryable, auth: Auth, now = new Date()): Promise<DeviceDelivery[]> {
  const viewer = viewerOf(auth);
  const all = seesAllDevices(viewer);
  if (!all && viewer.baseId == null) return [];
  const scope = all ? sql`true` : sql`base_id = ${viewer.baseId}`;
  const since = pragueDayStart(now).toISOString();
  const limit = sql`make_interval(secs => ${MISSED_AFTER_SECONDS})`;
  const rows = await queryRows<{ id: number; last: string | Date | null; missed: number | string }>(
    q,
    sql`with dv as (select id, base_id from devices where ${scope}),
      items as (
        select 'message'::text as kind, m.id, m.inserted_at as at, d.id as device_id
          from messages m join events e on e.id = m.event_id
          join dv d on (d.base_id = e.base_id
            or d.base_id in (select eb.base_id from event_to_base eb where eb.event_id = e.id))
          where m.inserted_at >= ${since}::timestamptz and d.id is distinct from m.device_id
        union all
        select 'alert'::text, e.id, e.created_at, d.id
          from events e join dv d on (d.base_id = e.base_id
            or d.base_id in (select eb.base_id from event_to_base eb where eb.event_id = e.id))
          where e.alert is not null and e.created_at >= ${since}::timestamptz and d.id is distinct from e.device_id)
      select dv.id,
        (select max(r.delivered_at) from device_receipts r where r.device_id = dv.id) as last,
        (select count(*) from items i left join device_receipts r
            on r.kind = i.kind and r.item_id = i.id and r.device_id = i.device_id
          where i.device_id = dv.id and ((r.delivered_at is null and i.at < ${now.toISOString()}::timestamptz - ${limit})
            or r.delivered_at > i.at + ${limit})) as missed
      from dv order by dv.id`,
  );
  return rows.map((r) => ({
    deviceId: Number(r.id),
    lastDeliveryAt: wireTime(dateOf(r.last)),
    missedToday: Number(r.missed),
  }));
}
