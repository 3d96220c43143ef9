/** Bodies and params of the device calls (docs/API.md "Devices, sounds, speech and logs (issue 7) — contract"). */
import { z } from 'zod';
import { wireId, wireIdParam } from '@panel/domain/validation';
import { devicesTexts as t } from './texts.js';

const positive = wireIdParam(t.badId);

export const deviceIdParams = z.object({ id: positive });

/** GET /v2/devices?baseId= */
export const devicesQuery = z.object({ baseId: positive.optional() });

const deviceId = wireId(t.badId);

/** PUT /v2/devices/request-test: one id or a list (1–100). */
export const requestTestBody = z
  .object({
    id: deviceId.optional(),
    ids: z.array(deviceId, { error: t.badIds }).min(1, { error: t.badIds }).max(100, { error: t.badIds }).optional(),
  })
  .refine((b) => b.id !== undefined || b.ids !== undefined, { message: t.missingId, path: ['id'] });

const latitude = z
  .number({ error: t.badCoordinates })
  .min(-90, { error: t.badCoordinates })
  .max(90, { error: t.badCoordinates });
const longitude = z
  .number({ error: t.badCoordinates })
  .min(-180, { error: t.badCoordinates })
  .max(180, { error: t.badCoordinates });
const percent = z.number({ error: t.badPercent }).min(0, { error: t.badPercent }).max(100, { error: t.badPercent });

/** POST /v2/devices/heartbeat */
export const heartbeatBody = z.object({
  location: z.object({ latitude, longitude }).nullable().optional(),
  battery: percent.nullable().optional(),
  /** the app's mode: 1 active, 0 inactive */
  status: z.union([z.literal(0), z.literal(1)], { error: t.badStatus }).optional(),
});

const text = z.string({ error: t.badText }).max(200, { error: t.badText }).nullable().optional();
const flag = z.boolean({ error: t.badFlag }).nullable().optional();

/** POST /v2/devices/test-result: the parameters of 001 §3 (unknown keys dropped, each may be missing). */
export const testResultBody = z.object({
  parameters: z.object(
    {
      device: text,
      app_version: text,
      expect_app_version: text,
      mobile_data_enabled: flag,
      wifi_enabled: flag,
      gps_enabled: flag,
      location_high_precision: flag,
      battery: percent.nullable().optional(),
      device_to_server_time_diff: z.number({ error: t.badNumber }).finite({ error: t.badNumber }).nullable().optional(),
      storage_fill: percent.nullable().optional(),
    },
    { error: t.missingParameters },
  ),
  location: z.object({ latitude, longitude }).nullable().optional(),
});

export type TestResultBody = z.infer<typeof testResultBody>;
export type HeartbeatBody = z.infer<typeof heartbeatBody>;
