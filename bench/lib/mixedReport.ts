/**
 * Rows and windows of the mixed benchmark's report (bench/mixed.bench.ts): one row per kind of request with its
 * ratios to /version.json of the same window, the probe's event-loop figures of a window, number formats.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { percentiles } from './fleet.js';
import type { MixedPanelReport } from './mixedPanels.js';

/** The goal for every kind of request. */
export const GOAL_P99_MS = 100;
export const f1 = (x: number) => (Number.isFinite(x) ? +x.toFixed(1) : '–');
export const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : '–');

export function kindRow(kind: string, samples: number[], base: ReturnType<typeof percentiles>, errors = 0) {
  const p = percentiles(samples);
  return {
    kind,
    n: p.n,
    'p50 ms': f1(p.p50),
    'p99 ms': f1(p.p99),
    'max ms': f1(p.max),
    'p50 ÷ version.json p50': ratio(p.p50, base.p50),
    'p99 ÷ version.json p99': ratio(p.p99, base.p99),
    errors,
    [`p99 < ${GOAL_P99_MS} ms`]: p.n === 0 ? '–' : p.p99 < GOAL_P99_MS ? 'yes' : 'no',
  };
}

/** Per-second lines of lib/loopProbe.mjs in a window: loop delay p99 (median and worst second), heap. */
export function probeWindow(dir: string, from: number, to: number) {
  const lines = readdirSync(dir).flatMap((name) =>
    readFileSync(path.join(dir, name), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { t: number; loop: { p99: number; max: number }; heapMb?: number })
      .filter((l) => l.t > from && l.t <= to),
  );
  const p99s = percentiles(lines.map((l) => l.loop.p99));
  return {
    loopP99Median: p99s.p50,
    loopP99Worst: p99s.max,
    heapMb: lines.length ? (lines[lines.length - 1].heapMb ?? NaN) : NaN,
  };
}

/** Panel figures of several processes or minutes, summed. */
export function sumReports(reports: MixedPanelReport[]): MixedPanelReport {
  return {
    pollMs: reports.flatMap((r) => r.pollMs),
    errors: reports.reduce((a, r) => a + r.errors, 0),
    timeouts: reports.reduce((a, r) => a + r.timeouts, 0),
    errorSamples: reports.flatMap((r) => r.errorSamples).slice(0, 5),
    pushes: reports.reduce((a, r) => a + r.pushes, 0),
    applied: reports.reduce((a, r) => a + r.applied, 0),
    pulls: reports.reduce((a, r) => a + r.pulls, 0),
    connected: reports[reports.length - 1]?.connected ?? 0,
    cpuMs: reports.reduce((a, r) => a + r.cpuMs, 0),
    lagP99: Math.max(...reports.map((r) => r.lagP99)),
  };
}
