/**
 * One measured phase of the cluster test: the load runs, the fault happens, the load runs on; then the
 * figures of the table: messages sent / acknowledged / lost / duplicated (by uuid, in the database), errors a
 * user would see, the longest push gap on the sockets that stayed connected (those of the surviving node), the
 * longest time without an acknowledged write, and the seconds from the fault's end until every panel holds the
 * data the database held at that moment; and how many calls nginx passed on to the other node (its failover,
 * invisible to the panel).
 */
import type pg from 'pg';
import { newWriteLog, revisionOf, type Panel, type Writers } from './load.js';
import { sleep } from './util.js';

export interface PhaseRow {
  phase: string;
  sent: number;
  acknowledged: number;
  lost: number;
  duplicated: number;
  'user errors': number;
  'retried (5xx/net)': number;
  'passed on by nginx': number;
  'no ack (s)': string;
  'sockets kept': string;
  'push gap (s)': string;
  'all current (s)': string;
}

export interface PhaseResult {
  row: PhaseRow;
  userErrors: string[];
  /** push gap on kept sockets, null when no socket stayed (both nodes were stopped) */
  pushGapS: number | null;
  currentS: number | null;
  /** where the longest push gap was: the panel, its transport, the gap and the fault in seconds from the start */
  gapDetail: string;
}

/** the longest gap between `from`, the times in between and `to`, and where it began */
const widestGap = (times: number[], from: number, to: number): { gap: number; at: number } => {
  const t = [from, ...times.filter((x) => x > from && x < to).sort((a, b) => a - b), to];
  let widest = { gap: 0, at: from };
  for (let i = 1; i < t.length; i++) if (t[i] - t[i - 1] > widest.gap) widest = { gap: t[i] - t[i - 1], at: t[i - 1] };
  return widest;
};
const maxGap = (times: number[], from: number, to: number): number => widestGap(times, from, to).gap;

async function revision(db: pg.Client): Promise<number> {
  const r = await db.query<{ revision: string }>('SELECT revision FROM sync_revision WHERE id = 1');
  return Number(r.rows[0].revision);
}

export async function runPhase(
  name: string,
  ctx: {
    db: pg.Client;
    panels: Panel[];
    writers: Writers;
    passedOn: () => number;
    /** sockets each node holds now (its metrics) */
    socketsPerNode: () => Promise<number[]>;
  },
  fault: () => Promise<void>,
): Promise<PhaseResult> {
  const { db, panels, writers } = ctx;
  // sockets spread over both nodes again (a previous phase moved some): each panel reconnects. nginx may still
  // count a node that just came back as failed (fail_timeout 5 s) and hash every socket to the other one: then
  // the surviving node of the next fault would hold none and its push gap could not be measured — reconnect
  // until each node holds some (at most ~20 s)
  for (let attempt = 0; attempt < 8; attempt++) {
    for (const p of panels) {
      p.socket?.disconnect();
      p.socket?.connect();
    }
    await sleep(1500);
    const perNode = await ctx.socketsPerNode();
    if (perNode.every((n) => n > 0)) break;
    await sleep(1000);
  }
  for (const p of panels) {
    p.pushes = [];
    p.counters = { userErrors: [], retried: {} };
  }
  const disconnectsBefore = panels.map((p) => p.disconnects);
  const log = newWriteLog();
  const passedOnBefore = ctx.passedOn();
  const started = Date.now();
  writers.begin(log);
  await sleep(3000); // steady state first
  const faultStart = Date.now();
  await fault();
  const faultEnd = Date.now();
  const target = await revision(db);
  let currentS: number | null = null;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (panels.every((p) => revisionOf(p.uid) >= target)) {
      currentS = (Date.now() - faultEnd) / 1000;
      break;
    }
    await sleep(100);
  }
  await sleep(3000); // the load goes on after the fault
  const ended = Date.now();
  await writers.end();

  const uuids = [...log.acked];
  const rows = await db.query<{ uuid: string; n: string }>(
    'SELECT uuid, count(*) AS n FROM messages WHERE uuid = ANY($1) GROUP BY uuid',
    [uuids],
  );
  const byContent = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM (SELECT content FROM messages WHERE content = ANY($1)
       GROUP BY content HAVING count(*) > 1) d`,
    [uuids.map((u) => `cluster ${u}`)],
  );
  const found = new Set(rows.rows.map((r) => r.uuid));
  const lost = uuids.filter((u) => !found.has(u)).length;
  const duplicated = Number(byContent.rows[0].n) + rows.rows.filter((r) => Number(r.n) > 1).length;

  const kept = panels.filter((p, i) => p.disconnects === disconnectsBefore[i]);
  const gaps = kept.map((p) => ({ p, ...widestGap(p.pushes, started + 500, ended) })).sort((a, b) => b.gap - a.gap);
  const pushGapMs = gaps.length ? gaps[0].gap : null;
  // printed with the table: which socket, on which transport, and whether the gap began at the fault
  const s = (t: number) => ((t - started) / 1000).toFixed(1);
  const worst = gaps[0];
  const gapDetail = worst
    ? `panel ${worst.p.index} (${worst.p.transport()}, ${worst.p.pushes.length} pushes): no push from ${s(worst.at)} ` +
      `to ${s(worst.at + worst.gap)} s; fault ${s(faultStart)}–${s(faultEnd)} s, phase ended ${s(ended)} s; ` +
      `${gaps.filter((g) => g.gap > 3000).length} of ${kept.length} kept over 3 s`
    : 'no socket kept';
  const userErrors = [...log.counters.userErrors, ...panels.flatMap((p) => p.counters.userErrors)];
  const retried = [log.counters.retried, ...panels.map((p) => p.counters.retried)]
    .flatMap((r) => Object.values(r))
    .reduce((a, b) => a + b, 0);
  return {
    row: {
      phase: name,
      sent: log.sent,
      acknowledged: log.acked.size,
      lost,
      duplicated,
      'user errors': userErrors.length,
      'retried (5xx/net)': retried,
      'passed on by nginx': ctx.passedOn() - passedOnBefore,
      'no ack (s)': (maxGap(log.ackTimes, started + 500, ended) / 1000).toFixed(1),
      'sockets kept': `${kept.length}/${panels.length}`,
      'push gap (s)': pushGapMs === null ? '–' : (pushGapMs / 1000).toFixed(1),
      'all current (s)': currentS === null ? 'never' : currentS.toFixed(1),
    },
    userErrors,
    pushGapS: pushGapMs === null ? null : pushGapMs / 1000,
    currentS,
    gapDetail,
  };
}
