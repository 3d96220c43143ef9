/**
 * The administrator's view of position trackers (issue 14): each reporting device (code N…, M…, T…, DC…) has
 * its own secret, created (shown once), rotated and revoked by an administrator.
 */
import { z } from 'zod';
import type { PositionRefusal } from './refusals';

export const trackerTexts = {
  badTrackerId: 'Identifikátor sledovacího zařízení smí mít 1–64 znaků bez mezer.',
  trackerIdTaken: 'Tento identifikátor už používá jiné zařízení.',
  badId: 'Neplatné id zařízení.',
  notFound: 'Zařízení nebylo nalezeno.',
  noSecret: 'Zařízení nemá klíč pro hlášení polohy.',
} as const;

/** POST /v2/positions/trackers/{deviceId}/secret: an optional identifier the tracker sends instead of the code. */
export const createTrackerSecretSchema = z.object({
  trackerId: z
    .string({ error: trackerTexts.badTrackerId })
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, { error: trackerTexts.badTrackerId })
    .nullable()
    .optional(),
});
export type CreateTrackerSecret = z.infer<typeof createTrackerSecretSchema>;

export interface TrackerState {
  deviceId: number;
  code: string;
  name: string;
  baseId: number | null;
  resourceId: number | null;
  /** the identifier the tracker sends (`id`/`deviceid`/`device_id`/`uniqueId`): the code unless configured */
  trackerId: string;
  hasSecret: boolean;
  secretCreatedAt: string | null;
  revokedAt: string | null;
  /** the last report with this secret (accepted or not): when the secret was last used */
  lastReportAt: string | null;
  /** fix time of the device's current position (the last accepted one) */
  lastFixAt: string | null;
  lastRefusalAt: string | null;
  lastRefusalReason: PositionRefusal | null;
  refusals: Partial<Record<PositionRefusal, number>>;
}

/** The answer of a create/rotate: the only time the secret is shown. */
export interface CreatedTrackerSecret {
  deviceId: number;
  trackerId: string;
  secret: string;
  /** paths relative to the server (OsmAnd: GET or POST; Traccar forward: POST JSON) */
  osmandPath: string;
  traccarPath: string;
}
