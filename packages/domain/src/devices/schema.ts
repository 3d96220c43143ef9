/**
 * The device calls' schemas (001 §2 Device overview, §3 Device and its test, §7; docs/API.md "Devices, sounds,
 * speech and logs (issue 7)"): the bodies and params the server validates with and the answers the web infers
 * its types from. The test parameters and their evaluation are defined here once; `test.ts` evaluates them.
 */
import { z } from 'zod';
import { positionRefusalSchema } from '../positions/refusals';
import { deviceSchema } from '../sync/catalogue';
import { wireId, wireIdParam } from '../http/wireValues';
import { devicesTexts as t } from './texts';

const positive = wireIdParam(t.badId);

/** `{id}` of GET /v2/devices/{id} */
export const deviceIdParams = z.object({ id: positive });

/** GET /v2/devices?baseId= (without it: the user's own unit, or every unit for the central base) */
export const devicesQuery = z.object({ baseId: positive.optional() });

const deviceId = wireId(t.badId);

/** PUT /v2/devices/request-test: one id or a list (1–100). */
export const requestTestBody = z
  .object({
    id: deviceId.optional(),
    ids: z.array(deviceId, { error: t.badIds }).min(1, { error: t.badIds }).max(100, { error: t.badIds }).optional(),
  })
  .refine((b) => b.id !== undefined || b.ids !== undefined, { message: t.missingId, path: ['id'] });

export type RequestTestBody = z.input<typeof requestTestBody>;

const latitude = z
  .number({ error: t.badCoordinates })
  .min(-90, { error: t.badCoordinates })
  .max(90, { error: t.badCoordinates });
const longitude = z
  .number({ error: t.badCoordinates })
  .min(-180, { error: t.badCoordinates })
  .max(180, { error: t.badCoordinates });
const percent = z.number({ error: t.badPercent }).min(0, { error: t.badPercent }).max(100, { error: t.badPercent });
const location = z.object({ latitude, longitude }).nullable().optional();

/** POST /v2/devices/heartbeat */
export const heartbeatBody = z.object({
  location,
  battery: percent.nullable().optional(),
  /** the app's mode: 1 active, 0 inactive */
  status: z.union([z.literal(0), z.literal(1)], { error: t.badStatus }).optional(),
});

export type HeartbeatBody = z.infer<typeof heartbeatBody>;

const text = z.string({ error: t.badText }).max(200, { error: t.badText }).nullable().optional();
const flag = z.boolean({ error: t.badFlag }).nullable().optional();

/** The parameters a device reports (001 §3), each may be missing; unknown keys are dropped. */
export const deviceTestParametersSchema = z.object(
  {
    device: text,
    app_version: text,
    expect_app_version: text,
    mobile_data_enabled: flag,
    wifi_enabled: flag,
    gps_enabled: flag,
    location_high_precision: flag,
    /** percent 0–100 */
    battery: percent.nullable().optional(),
    /** milliseconds, device clock minus server clock */
    device_to_server_time_diff: z.number({ error: t.badNumber }).finite({ error: t.badNumber }).nullable().optional(),
    /** percent 0–100 */
    storage_fill: percent.nullable().optional(),
  },
  { error: t.missingParameters },
);

export type DeviceTestParameters = z.infer<typeof deviceTestParametersSchema>;

/** POST /v2/devices/test-result: the parameters of 001 §3 and where the device is. */
export const testResultBody = z.object({ parameters: deviceTestParametersSchema, location });

export type TestResultBody = z.infer<typeof testResultBody>;

/** The parameter keys in display order (001 §3). */
export const DEVICE_TEST_PARAMETERS = [
  'device',
  'app_version',
  'expect_app_version',
  'mobile_data_enabled',
  'wifi_enabled',
  'gps_enabled',
  'location_high_precision',
  'battery',
  'device_to_server_time_diff',
  'storage_fill',
] as const satisfies readonly (keyof DeviceTestParameters)[];

export const deviceTestStatusSchema = z.enum(['ok', 'warning', 'error', 'unknown']);
export type DeviceTestStatus = z.infer<typeof deviceTestStatusSchema>;

/** A row of the evaluation: a parameter, or 'status' (the device's mode, Device.status). */
export const deviceTestRowSchema = z.object({
  parameter: z.enum([...DEVICE_TEST_PARAMETERS, 'status']),
  value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  status: deviceTestStatusSchema,
  /** the instruction to show, or null when there is nothing to do */
  hint: z.string().nullable(),
});
export type DeviceTestRow = z.infer<typeof deviceTestRowSchema>;
export type DeviceTestParameter = DeviceTestRow['parameter'];

export const deviceTestEvaluationSchema = z.object({
  status: deviceTestStatusSchema,
  rows: z.array(deviceTestRowSchema),
});
export type DeviceTestEvaluation = z.infer<typeof deviceTestEvaluationSchema>;

/** PUT /v2/devices/request-test: the devices whose test was requested (each got the push `device-test`). */
export const requestTestAnswer = z.object({
  result: z.literal(true),
  message: z.string(),
  devices: z.array(z.number()),
});
export type RequestTestAnswer = z.infer<typeof requestTestAnswer>;

/**
 * POST /v2/devices/heartbeat: the new `connectedAt` (epoch seconds), whether a test is pending, and what the
 * position ingest made of the location (absent without one; issue 14).
 */
export const heartbeatAnswer = z.object({
  result: z.literal(true),
  connectedAt: z.number().nullable(),
  testRequested: z.boolean(),
  position: z
    .object({ status: z.enum(['accepted', 'duplicate', 'refused']), reason: positionRefusalSchema.optional() })
    .optional(),
});
export type HeartbeatAnswer = z.infer<typeof heartbeatAnswer>;

/** GET /v2/devices: the bundle's Device with the overall status of its last test (absent in the bundle). */
export const deviceRowSchema = deviceSchema.extend({ testStatus: deviceTestStatusSchema });
export type DeviceRow = z.infer<typeof deviceRowSchema>;
export const devicesAnswer = z.array(deviceRowSchema);

/** GET /v2/devices/{id}: the row with its evaluated test and the time of a pending test request. */
export const deviceDetailSchema = deviceRowSchema.extend({
  test: deviceTestEvaluationSchema,
  testRequestedAt: z.string().nullable(),
});
export type DeviceDetail = z.infer<typeof deviceDetailSchema>;

/** POST /v2/devices/test-result: the device as the bundle has it now, and its evaluated test. */
export const testResultAnswer = z.object({
  result: z.literal(true),
  device: deviceSchema,
  test: deviceTestEvaluationSchema,
});
export type TestResultAnswer = z.infer<typeof testResultAnswer>;
