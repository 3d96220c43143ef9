/**
 * Reads what loopProbe.mjs wrote in each server process during a benchmark's measured window and prints it:
 * per process the event-loop delay (the worst second's p99 and max, the median second's p99), how busy the loop
 * was, the ingest's server-side time (headers parsed → answer written, every report), the delta pulls' count and
 * summed time per second, and the longest stalls with what was in flight then.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Kind {
  n: number;
  sumMs: number;
  maxMs: number;
}
interface ProbeLine {
  t: number;
  loop: { p50: number; p99: number; max: number };
  utilisation: number;
  ingest: Kind;
  delta: Kind;
  other: Kind;
  ingestMs: number[];
  stalls: { ms: number; inFlight: Record<string, number>; heapMb: number }[];
  sql: { text: string; n: number; ms: number; max: number }[];
  gc?: { minor: number; minorMs: number; major: number; majorMs: number; majorMaxMs: number };
}

const pct = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const round = (x: number, digits = 1) => +x.toFixed(digits);

export function printProbe(dir: string, from: number, to: number): void {
  for (const name of readdirSync(dir)) {
    const lines = readFileSync(path.join(dir, name), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as ProbeLine)
      .filter((l) => l.t > from && l.t <= to);
    if (lines.length === 0) continue;
    const seconds = lines.length;
    const ingestMs = lines.flatMap((l) => l.ingestMs);
    const sum = (f: (l: ProbeLine) => number) => lines.reduce((a, l) => a + f(l), 0);
    console.log(`server ${name.split('.').pop()} (probe, ${seconds} s):`);
    console.table([
      {
        'loop p99 ms (median s)': pct(
          lines.map((l) => l.loop.p99),
          0.5,
        ),
        'loop p99 ms (worst s)': Math.max(...lines.map((l) => l.loop.p99)),
        'loop max ms': Math.max(...lines.map((l) => l.loop.max)),
        'loop busy %': round((100 * sum((l) => l.utilisation)) / seconds, 0),
        'ingest in server p50 ms': pct(ingestMs, 0.5),
        'ingest in server p99 ms': pct(ingestMs, 0.99),
        'deltas per s': round(sum((l) => l.delta.n) / seconds),
        'delta ms per s': round(sum((l) => l.delta.sumMs) / seconds, 0),
        'delta max ms': round(Math.max(...lines.map((l) => l.delta.maxMs))),
        'GC ms per s (scavenge + mark-compact)': `${round(sum((l) => l.gc?.minorMs ?? 0) / seconds)} + ${round(
          sum((l) => l.gc?.majorMs ?? 0) / seconds,
        )}`,
        'mark-compacts / longest ms': `${sum((l) => l.gc?.major ?? 0)} / ${Math.max(0, ...lines.map((l) => l.gc?.majorMaxMs ?? 0))}`,
      },
    ]);
    const stalls = lines
      .flatMap((l) => l.stalls.map((s) => ({ ...s, at: l.t })))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8);
    const sql = new Map<string, { n: number; ms: number; max: number }>();
    for (const l of lines) {
      for (const q of l.sql ?? []) {
        const x = sql.get(q.text) ?? { n: 0, ms: 0, max: 0 };
        x.n += q.n;
        x.ms += q.ms;
        x.max = Math.max(x.max, q.max);
        sql.set(q.text, x);
      }
    }
    for (const [text, x] of [...sql].sort((a, b) => b[1].ms - a[1].ms).slice(0, 16)) {
      console.log(
        `  sql ${round(x.ms / seconds, 0)} ms/s, ${round(x.n / seconds)}/s, max ${x.max} ms: ${text.slice(0, 100)}`,
      );
    }
    for (const s of stalls) {
      console.log(
        `  stall ${s.ms} ms at +${((s.at - from) / 1000).toFixed(0)} s, in flight ${JSON.stringify(s.inFlight)}, heap ${s.heapMb} MB`,
      );
    }
  }
}
