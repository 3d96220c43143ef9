/**
 * Devices (001 §2 Device overview, §3 Device, §7; docs/API.md "Devices, sounds, speech and logs (issue 7)"):
 * - GET /v2/devices?baseId= — devices the user sees (the bundle's rule), each with `testStatus`.
 * - GET /v2/devices/{id} — the Device (testResult as JSON text) + `testStatus`, `test` rows, `testRequestedAt`.
 * - PUT /v2/devices/request-test {id} | {ids} — manage Device; push `device-test {deviceId}` to the device.
 * - POST /v2/devices/heartbeat, POST /v2/devices/test-result — the device side, by the session's device.
 * Schemas: `@panel/domain/devices`. Authorization in one place per route: the list's unit filter here, the
 * detail's visibility in access.ts `visibleDevice`, the test request's (manage Device and visibility) and the
 * device side's (the session's own device) in commands.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deviceDetailSchema,
  deviceIdParams,
  devicesAnswer,
  devicesQuery,
  devicesTexts,
  evaluateDeviceTest,
  heartbeatAnswer,
  heartbeatBody,
  requestTestAnswer,
  requestTestBody,
  testResultAnswer,
  testResultBody,
} from '@panel/domain/devices';
import type { Device } from '@panel/domain/sync';
import { wireTime } from '../../sync/wire.js';
import { loadDevices } from '../sync/loaders.js';
import { seesAllDevices } from '../../sync/visibility.js';
import { forbidden } from '../../errors.js';
import { viewerOf, visibleDevice } from './access.js';
import { heartbeat, pendingRequestAt, requestTests, saveTestResult } from './commands.js';
import { presentDevice } from './presenter.js';
import { eq } from 'drizzle-orm';
import { resources } from '../../db/schema/index.js';

const withStatus = (d: Device) => ({ ...d, testStatus: evaluateDeviceTest(d).status });

export default async function deviceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => app.deps;

  r.get(
    '/v2/devices',
    {
      schema: {
        operationId: 'listDevices',
        summary: 'List the devices the user sees, with their test status.',
        tags: ['devices'],
        querystring: devicesQuery,
        response: { 200: devicesAnswer },
      },
    },
    async (request) => {
      const viewer = viewerOf(request.auth);
      const all = seesAllDevices(viewer);
      const { baseId } = request.query;
      if (baseId !== undefined && !all && baseId !== viewer.baseId) throw forbidden(devicesTexts.otherUnit);
      const list = await loadDevices(
        app.deps.db,
        baseId !== undefined ? { baseId } : all ? {} : { baseId: viewer.baseId },
      );
      return list.map(withStatus);
    },
  );

  r.get(
    '/v2/devices/:id',
    {
      schema: {
        operationId: 'getDevice',
        summary: 'One device with its last test and test request.',
        tags: ['devices'],
        params: deviceIdParams,
        response: { 200: deviceDetailSchema },
      },
    },
    async (request) => {
      const { db } = app.deps;
      const row = await visibleDevice(db, request.auth, request.params.id);
      const [res] = row.resourceId
        ? await db.select({ name: resources.name }).from(resources).where(eq(resources.id, row.resourceId))
        : [];
      const device = presentDevice(row, res?.name ?? null);
      const test = evaluateDeviceTest(device);
      return {
        ...device,
        testStatus: test.status,
        test,
        testRequestedAt: wireTime(await pendingRequestAt(db, row)),
      };
    },
  );

  r.put(
    '/v2/devices/request-test',
    {
      schema: {
        operationId: 'requestDeviceTest',
        summary: 'Ask devices to run the sound and microphone test.',
        tags: ['devices'],
        body: requestTestBody,
        response: { 200: requestTestAnswer },
      },
    },
    async (request) => {
      const ids = request.body.ids ?? [request.body.id!];
      const devices = await requestTests(deps(), request.auth, ids);
      return { result: true as const, message: devicesTexts.testRequested, devices };
    },
  );

  r.post(
    '/v2/devices/heartbeat',
    {
      schema: {
        operationId: 'reportHeartbeat',
        summary: 'The session device reports it is alive.',
        tags: ['devices'],
        body: heartbeatBody,
        response: { 200: heartbeatAnswer },
      },
    },
    async (request) => {
      const { device, testRequestedAt, position } = await heartbeat(deps(), request.auth, request.body);
      return {
        result: true as const,
        connectedAt: device.connectedAt ? Math.floor(device.connectedAt.getTime() / 1000) : null,
        testRequested: testRequestedAt != null,
        // issue 14: what the position ingest made of the location (absent without one)
        ...(position
          ? {
              position:
                position.status === 'refused'
                  ? { status: position.status, reason: position.reason }
                  : { status: position.status },
            }
          : {}),
      };
    },
  );

  const testResultSchema = { body: testResultBody, response: { 200: testResultAnswer } };
  r.post(
    '/v2/devices/test-result',
    {
      schema: {
        ...testResultSchema,
        operationId: 'reportTestResult',
        summary: 'The session device reports the result of its test.',
        tags: ['devices'],
      },
    },
    async (request) => {
      const { device, evaluation } = await saveTestResult(deps(), request.auth, request.body);
      const [presented] = await loadDevices(app.deps.db, { ids: [device.id] });
      return { result: true as const, device: presented, test: evaluation };
    },
  );
}
