/**
 * Which vehicle or device a marker under the pointer stands for, read from the properties the vehicle layers put
 * on their features (layers/vehicleFeatures.ts: kind, jobId, resourceId, deviceId, title, label). The free
 * vehicles and devices are clustered: a cluster of one is that marker, a cluster of several lists them.
 */
import type { FeatureLike } from 'ol/Feature';

export type TooltipTarget =
  | { kind: 'event-job'; jobId: number; resourceId: number }
  | { kind: 'vehicle'; resourceId: number }
  | { kind: 'device'; deviceId: number }
  | { kind: 'cluster'; members: { title: string; label: string }[] };

/** The layers whose markers have a tooltip (VehiclesLayer.tsx). */
export const TOOLTIP_LAYERS = ['vehicles', 'free-vehicles'];

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function single(feature: FeatureLike): Exclude<TooltipTarget, { kind: 'cluster' }> | null {
  const kind = feature.get('kind') as unknown;
  const jobId = num(feature.get('jobId'));
  const resourceId = num(feature.get('resourceId'));
  const deviceId = num(feature.get('deviceId'));
  if (kind === 'event-job' && jobId !== null && resourceId !== null) return { kind, jobId, resourceId };
  if (kind === 'vehicle' && resourceId !== null) return { kind, resourceId };
  if (kind === 'device' && deviceId !== null) return { kind, deviceId };
  return null;
}

export function tooltipTargetOf(feature: FeatureLike): TooltipTarget | null {
  const members = feature.get('features') as FeatureLike[] | undefined;
  if (!Array.isArray(members)) return single(feature);
  if (members.length === 1) return single(members[0]);
  if (members.length === 0) return null;
  return {
    kind: 'cluster',
    members: members.map((m) => ({ title: String(m.get('title') ?? ''), label: String(m.get('label') ?? '') })),
  };
}

/** Names of the other markers of a target (a job under another job on one spot, as at the event's place). */
export function titleOf(feature: FeatureLike): string {
  return String(feature.get('title') ?? '');
}

/** Same marker (so a pointer moving over it does not move its tooltip). */
export function sameTarget(a: TooltipTarget | null, b: TooltipTarget | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
