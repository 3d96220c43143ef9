/**
 * Whether a soak's memory levels off (mixed.bench.ts, BENCH_SOAK_MINUTES): the least-squares slope of RSS over
 * time, for the whole run and for its last third. Warm-up growth (code compiled, caches filled, the heap
 * reaching its working size) sits in the first part; a leak shows as a slope that stays in the last third.
 */

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
