/**
 * The server's own push timing (issue 28 item 2): `panel_push_span_seconds` of each node's /metrics, read on the
 * main port with the benchmark's token (lib/fleet.ts starts nodes with it). A span is timed from the node learning
 * its oldest revision to the last socket's write, so it is the server's part of "told", without the load
 * generator's own event-loop delay (1,000 panels on the same two cores). Read before and after the rounds: the
 * difference is the measured writes' spans.
 */
import { BENCH_METRICS_TOKEN } from './fleet.js';

export interface SpanHistogram {
  /** cumulative count per upper bound (seconds; +Inf as Infinity) */
  buckets: Map<number, number>;
  sum: number;
  count: number;
  /** seconds summed per step of the spans (`panel_push_span_phase_seconds`: queued, sessions, answers, writes) */
  phases: Map<string, number>;
}

/** The write spans' histogram, summed over the nodes (each pushes to its own sockets). */
export async function writeSpans(urls: string[]): Promise<SpanHistogram> {
  const total: SpanHistogram = { buckets: new Map(), sum: 0, count: 0, phases: new Map() };
  for (const url of urls) {
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
    if (!res.ok) throw new Error(`/metrics of ${url}: ${res.status}`);
    for (const line of (await res.text()).split('\n')) {
      if (!line.includes('kind="write"')) continue;
      const value = Number(line.slice(line.lastIndexOf(' ') + 1));
      const phase = /^panel_push_span_phase_seconds_sum\{.*phase="([^"]+)"/.exec(line)?.[1];
      if (phase) total.phases.set(phase, (total.phases.get(phase) ?? 0) + value);
      if (!line.startsWith('panel_push_span_seconds')) continue;
      const le = /le="([^"]+)"/.exec(line)?.[1];
      if (line.startsWith('panel_push_span_seconds_bucket') && le) {
        const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le);
        total.buckets.set(bound, (total.buckets.get(bound) ?? 0) + value);
      } else if (line.startsWith('panel_push_span_seconds_sum')) total.sum += value;
      else if (line.startsWith('panel_push_span_seconds_count')) total.count += value;
    }
  }
  return total;
}

/**
 * What the spans between two reads say: how many, their mean, the share within 100 and 250 ms, and the mean of
 * each step (where the time went).
 */
export function spanFigures(before: SpanHistogram, after: SpanHistogram): string {
  const n = after.count - before.count;
  if (n <= 0) return '–';
  const within = (bound: number) => (((after.buckets.get(bound) ?? 0) - (before.buckets.get(bound) ?? 0)) / n) * 100;
  const mean = ((after.sum - before.sum) / n) * 1000;
  const steps = [...after.phases]
    .map(([phase, sum]) => `${phase} ${(((sum - (before.phases.get(phase) ?? 0)) / n) * 1000).toFixed(0)}`)
    .join(' / ');
  return (
    `${n} spans, mean ${mean.toFixed(0)} ms, ≤ 100 ms ${within(0.1).toFixed(0)} %, ≤ 250 ms ${within(0.25).toFixed(0)} %` +
    (steps ? ` (means ms: ${steps})` : '')
  );
}
