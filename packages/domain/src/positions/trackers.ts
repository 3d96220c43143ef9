/**
 * The administrator's view of position trackers (issue 14): each reporting device (code N…, M…, T…, DC…) has
 * its own secret, created (shown once), rotated and revoked by an administrator.
 */
import { z } from 'zod';
import { positionRefusalSchema } from './refusals';
import { trackerTexts } from './texts';

/** POST /v2/positions/trackers/{deviceId}/secret: an optional identifier the tracker sends instead of the code. */
export const createTrackerSecretSchema = z.object({
  trackerId: z
    .string({ error: trackerTexts.badTrackerId })
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, { error: trackerTexts.badTrackerId })
    .nullable()
    .optional(),
});
export type CreateTrackerSecret = z.infer<typeof createTrackerSecretSchema>;

/** GET /v2/positions/trackers: a device with its tracker state. */
export const trackerStateSchema = z.object({
  deviceId: z.number(),
  code: z.string(),
  name: z.string(),
  baseId: z.number().nullable(),
  resourceId: z.number().nullable(),
  /** the identifier the tracker sends (`id`/`deviceid`/`device_id`/`uniqueId`): the code unless configured */
  trackerId: z.string(),
  hasSecret: z.boolean(),
  secretCreatedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** the last report with this secret (accepted or not): when the secret was last used */
  lastReportAt: z.string().nullable(),
  /** fix time of the device's current position (the last accepted one) */
  lastFixAt: z.string().nullable(),
  lastRefusalAt: z.string().nullable(),
  lastRefusalReason: positionRefusalSchema.nullable(),
  refusals: z.partialRecord(positionRefusalSchema, z.number()),
});
export type TrackerState = z.infer<typeof trackerStateSchema>;

/** The answer of a create/rotate: the only time the secret is shown. */
export const createdTrackerSecretSchema = z.object({
  deviceId: z.number(),
  trackerId: z.string(),
  secret: z.string(),
  /** paths relative to the server (OsmAnd: GET or POST; Traccar forward: POST JSON) */
  osmandPath: z.string(),
  traccarPath: z.string(),
});
export type CreatedTrackerSecret = z.infer<typeof createdTrackerSecretSchema>;
