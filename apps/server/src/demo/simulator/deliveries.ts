/**
 * Field devices acknowledge deliveries like panels (issue 25 item 4): the phones, tablets, navigations and
 * drone controllers of the living demo have no browser, so the simulator plays their panels' receipts. Each
 * tick it reads the messages and alerts that came since the last one and, for every simulated device of the
 * bases they are addressed to (modules/receipts "should get it"), queues *delivered* as a socket
 * acknowledgement, and *shown* for about half of the phones and tablets (a screen someone looks at).
 * A device the simulation keeps off (the seed's broken ones) acknowledges nothing, and a few devices are in a
 * dead zone for alerts (`inDeadZone`): the device overview and the alert cards then show missed deliveries.
 * The first tick only notes where the history ends: old items are not acknowledged.
 */
import { sql } from 'drizzle-orm';
import type { PushHub } from '../../context.js';
import { queryRows, type Database } from '../../db/client.js';
import { receiptWriterOf } from '../../modules/receipts/writer.js';
import type { ReceiptInput } from '../../modules/receipts/record.js';
import { isSimulatedDevice, type DeviceState } from './deviceModel.js';
import type { Rand } from './movement.js';
import type { World } from './world.js';

/** items read per tick at most (the rest comes next tick) */
const BATCH = 200;

export interface DeliveryCursor {
  messageId: number;
  eventId: number;
}

/** Devices that never acknowledge an alert (a tablet left in a depot out of coverage): every 5th by id. */
export const inDeadZone = (deviceId: number) => deviceId % 5 === 0;

interface Item {
  kind: 'message' | 'alert';
  id: number;
  base_id: number | null;
  units: number[] | null;
  device_id: number | null;
}

/** The ids where the history ends (first tick). */
export async function deliveryStart(db: Database): Promise<DeliveryCursor> {
  const [row] = await queryRows<{ m: number | null; e: number | null }>(
    db,
    sql`select (select max(id) from messages) as m, (select max(id) from events) as e`,
  );
  return { messageId: Number(row?.m ?? 0), eventId: Number(row?.e ?? 0) };
}

/** Acknowledges what came since `cursor`; returns the new cursor and how many receipts were queued. */
export async function acknowledgeDeliveries(
  deps: { db: Database; hub: PushHub },
  w: World,
  devices: ReadonlyMap<number, DeviceState>,
  cursor: DeliveryCursor,
  now: number,
  rand: Rand,
): Promise<{ cursor: DeliveryCursor; queued: number }> {
  const units = sql`array(select eb.base_id from event_to_base eb where eb.event_id = e.id)`;
  const items = await queryRows<Item>(
    deps.db,
    sql`(select 'message' as kind, m.id, e.base_id, ${units} as units, m.device_id from messages m
          join events e on e.id = m.event_id where m.id > ${cursor.messageId} order by m.id limit ${BATCH})
        union all
        (select 'alert', e.id, e.base_id, ${units}, e.device_id from events e
          where e.id > ${cursor.eventId} and e.alert is not null and e.event_state_id = 0
          order by e.id limit ${BATCH})`,
  );
  const next = { ...cursor };
  const byDevice = new Map<number, ReceiptInput[]>();
  const at = new Date(now);
  for (const item of items) {
    if (item.kind === 'message') next.messageId = Math.max(next.messageId, Number(item.id));
    else next.eventId = Math.max(next.eventId, Number(item.id));
    const bases = new Set([item.base_id, ...(item.units ?? [])].filter((b) => b != null).map(Number));
    for (const d of w.devices) {
      if (!isSimulatedDevice(d.code) || d.baseId == null || !bases.has(d.baseId)) continue;
      if (d.id === item.device_id || (devices.get(d.id)?.off ?? true)) continue;
      if (item.kind === 'alert' && inDeadZone(d.id)) continue;
      const list = byDevice.get(d.id) ?? [];
      const id = Number(item.id);
      list.push({ kind: item.kind, id, state: 'delivered', via: 'socket', at });
      if (/^[MT]-/.test(d.code) && rand() < 0.5) list.push({ kind: item.kind, id, state: 'shown', via: 'view', at });
      byDevice.set(d.id, list);
    }
  }
  // events without an alert move the cursor too: the next read starts after the newest event seen
  if (items.filter((i) => i.kind === 'alert').length < BATCH) {
    const [row] = await queryRows<{ e: number | null }>(deps.db, sql`select max(id) as e from events`);
    next.eventId = Math.max(next.eventId, Number(row?.e ?? 0));
  }
  const writer = receiptWriterOf(deps);
  let queued = 0;
  for (const [deviceId, list] of byDevice) {
    writer.enqueue(deviceId, list);
    queued += list.length;
  }
  return { cursor: next, queued };
}
