/**
 * The benchmarks' writer changes an event that every measured panel sees (issue 28 item 8): a dispatcher's event
 * of the demo, its units (`eventToBase`) widened to the base of every measured user who does not see all events —
 * as a dispatcher sends units to an incident — so a write reaches every visibility class, not only the writer's.
 * Checked: the event must be in each measured user's full bundle, or the benchmark stops.
 */
import type http from 'node:http';
import { panelHeaders, request, type BenchSession } from './http.js';

interface BundleEvent {
  id: number;
  baseId: number | null;
  eventToBase: number[];
}

async function fullEvents(agent: http.Agent, url: string, s: BenchSession): Promise<BundleEvent[]> {
  const res = await request(agent, `${url}/v2/app`, {
    method: 'POST',
    headers: panelHeaders(s),
    body: JSON.stringify({ uid: null }),
  });
  if (res.status !== 200) throw new Error(`full bundle of ${s.username}: ${res.status}`);
  return (JSON.parse(res.body.toString('utf8')) as { events: BundleEvent[] }).events;
}

/** The id of an event `writer` may edit and every one of `sessions`' users sees. */
export async function eventEveryoneSees(
  agent: http.Agent,
  url: string,
  writer: BenchSession,
  sessions: BenchSession[],
): Promise<number> {
  const readers = [...new Map(sessions.map((s) => [s.username, s])).values()];
  const seenBy = async () =>
    new Map(
      await Promise.all(
        readers.map(async (r) => [r, new Set((await fullEvents(agent, url, r)).map((e) => e.id))] as const),
      ),
    );
  const before = await seenBy();
  for (const event of await fullEvents(agent, url, writer)) {
    // the units of the readers who do not see it yet (those who see every event need none)
    const missing = readers.filter((r) => !before.get(r)!.has(event.id));
    if (missing.some((r) => r.baseId === null)) continue;
    const eventToBase = [...new Set([...event.eventToBase.map(Number), ...missing.map((r) => r.baseId!)])];
    const res = await request(agent, `${url}/v2/events/${event.id}`, {
      method: 'PUT',
      headers: panelHeaders(writer),
      body: JSON.stringify({ description: 'bench', eventToBase }),
    });
    if (res.status !== 200) continue;
    for (const [reader, seen] of await seenBy()) {
      if (!seen.has(event.id)) {
        throw new Error(`${reader.username} does not see event ${event.id} after its units were set`);
      }
    }
    return event.id;
  }
  throw new Error(
    `no demo event ${writer.username} may edit and share with ${readers.map((r) => r.username).join(', ')}`,
  );
}
