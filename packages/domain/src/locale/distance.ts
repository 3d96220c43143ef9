/** Distances: metres under 1 km ('850 m'), else kilometres with one Czech decimal ('1,2 km'). */
export function formatDistance(metres: number | null | undefined): string {
  if (metres === null || metres === undefined || !Number.isFinite(metres)) return '';
  const m = Math.round(metres);
  if (m < 1000) return `${m} m`;
  return `${(metres / 1000).toFixed(1).replace('.', ',')} km`;
}
