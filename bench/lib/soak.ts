/**
 * Whether a soak's memory levels off (mixed.bench.ts, BENCH_SOAK_MINUTES): the least-squares slope of RSS over
 * time, for the whole run and for its last third. Warm-up growth (code compiled, caches filled, the heap
 * reaching its working size) sits in the first part; a leak shows as a slope that stays in the last third.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { procSample } from './fleet.js';

/** MB per minute a soak's last third may still grow and count as levelled off (noise of GC and allocator). */
export const LEVEL_OFF_MB_PER_MIN = 0.5;

/** Least-squares slope of y over x (NaN with fewer than 2 points). */
function slope(points: { t: number; mb: number }[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mt = points.reduce((a, p) => a + p.t, 0) / n;
  const mm = points.reduce((a, p) => a + p.mb, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - mt) * (p.mb - mm);
    den += (p.t - mt) ** 2;
  }
  return den === 0 ? NaN : num / den;
}

/** Samples `{t: minutes, mb}` in time order → slopes in MB/min, and whether the last third levels off. */
export function rssSlope(samples: { t: number; mb: number }[]) {
  const lastThird = slope(samples.slice(Math.floor((samples.length * 2) / 3)));
  return { whole: slope(samples), lastThird, levelsOff: lastThird < LEVEL_OFF_MB_PER_MIN };
}

/**
 * The idle tail of a soak (issue 28 item 6: idle ≤ 300 MB embedded, ≤ 200 MB PostgreSQL *after* an hour of the
 * mixed load): every load has stopped; each node's RSS every 10 s for `minutes`, a line a minute, then a table of
 * each node's RSS when the load ended, after one minute and at the end, against the goal.
 */
export async function idleTail(pids: number[], names: string[], minutes: number, goalMb: number) {
  const start = Date.now();
  const atEnd = pids.map((pid) => procSample(pid).rssMb);
  const afterOne: number[] = [...atEnd];
  console.log(`idle: every load stopped, ${minutes} min with the nodes alone`);
  for (let s = 10; s <= minutes * 60; s += 10) {
    await sleep(Math.max(0, start + s * 1000 - Date.now()));
    const now = pids.map((pid) => procSample(pid).rssMb);
    if (s === 60) afterOne.splice(0, afterOne.length, ...now);
    if (s % 60 === 0) console.log(`idle minute ${s / 60}: RSS ${now.map((mb) => mb.toFixed(0)).join(' / ')} MB`);
  }
  const last = pids.map((pid) => procSample(pid).rssMb);
  console.table(
    pids.map((_, i) => ({
      node: names[i],
      'RSS MB when the load ended': +atEnd[i].toFixed(0),
      'after 1 min idle': +afterOne[i].toFixed(0),
      [`after ${minutes} min idle`]: +last[i].toFixed(0),
      [`goal ≤ ${goalMb} MB`]: last[i] <= goalMb ? 'met' : 'not met',
    })),
  );
}
