/**
 * Position tracker administration (issue 14; role admin, manage Debug): each device's tracker state, creating or
 * rotating its secret (the only answer that carries it) and revoking it. Wire types are inferred from the
 * domain's schemas (`@panel/domain/positions`).
 */
import type { z } from 'zod';
import type { okResult } from '@panel/domain/http';
import type { CreateTrackerSecret, CreatedTrackerSecret, TrackerState } from '@panel/domain/positions';
import { api } from './client';

const secretPath = (deviceId: number) => `/v2/positions/trackers/${encodeURIComponent(deviceId)}/secret`;

export const trackersApi = {
  /** GET /v2/positions/trackers: every device the administrator sees, with its tracker state. */
  list: (signal?: AbortSignal) => api.get<TrackerState[]>('/v2/positions/trackers', { signal }),
  /** POST …/secret: creates the secret, or rotates it (the old one stops at once). */
  createSecret: (deviceId: number, body: CreateTrackerSecret = {}) =>
    api.post<CreatedTrackerSecret>(secretPath(deviceId), body),
  /** DELETE …/secret: revokes it (404 when the device has none). */
  revokeSecret: (deviceId: number) => api.del<z.infer<typeof okResult>>(secretPath(deviceId)),
};

/** The OsmAnd URL a tracker (Traccar Client, OsmAnd, an HTTP tracker) reports to: this panel's origin + path. */
export const trackerUrlOf = (created: Pick<CreatedTrackerSecret, 'osmandPath'>, origin: string) =>
  `${origin.replace(/\/+$/, '')}${created.osmandPath}`;
