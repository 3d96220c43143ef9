/**
 * Application log (001 §2 'Odeslání aplikačního logu', §7 'Upload state file', §8 unhandled errors):
 * - POST /v2/logs/log/{deviceId}/{YYYYMMDDHHmmss}/state.json — the panel's state JSON (≤ 5 MB) → 201
 *   `{result: true}`; the device must be the session's or the user's (user_devices / assigned), else view Debug.
 * - GET same path — the stored file (same rule); GET /v2/logs — every stored state file (view Debug).
 * - POST /v2/logs/errors `{errors: [{message, stack?, url?, at}]}` → `{result: true, stored, dropped}`; at most
 *   60 errors a minute per session; also before the device is confirmed. GET /v2/logs/errors?date= (view Debug).
 * - POST /v2/debug/push/{deviceId} — the developer side of the area (debugRoutes.ts, its own scope): a payload
 *   for a device's panels, which open the developer panel's debug dialog (manage Debug).
 * The logs area has one name on every side: `@panel/domain/logs` (requests and answers), this folder, and the
 * panel's `features/logs` (appLog: the state log and error reports; devPanel: the developer panel).
 * Authorization lives here, in the routes: view Debug (`requireAbility`), or for a state file `allowedDevice`
 * (the session's or the user's device, else view Debug) after the device is loaded.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { binaryBody } from '@panel/domain/http';
import { toWireTime } from '@panel/domain/locale';
import {
  errorsQuerySchema,
  loggedErrorsSchema,
  logsTexts,
  reportErrorsBodySchema,
  reportErrorsResultSchema,
  stateLogParamsSchema,
  stateLogStoredSchema,
  storedStateLogsSchema,
  type LoggedError,
} from '@panel/domain/logs';
import { devices, userDevices } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import { requireAbility } from '../../http/requireAbility.js';
import { wireTime } from '../../sync/wire.js';
import {
  appendErrors,
  createErrorBudget,
  listStates,
  logsRoot,
  readErrors,
  readState,
  saveState,
  stampToWire,
} from './store.js';
import debugRoutes from './debugRoutes.js';

export const STATE_LIMIT = 5 * 1024 * 1024;
export const ERRORS_PER_MINUTE = 60;
export { logsTexts };

const canDebug = (request: FastifyRequest) => request.auth.ability.can('view', 'Debug');

export default async function logRoutes(app: FastifyInstance) {
  // POST /v2/debug/push (debugRoutes.ts): the developer side of the log area, in a scope of its own
  await app.register(debugRoutes);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const root = () => logsRoot(app.deps.config.dataDir);
  const budget = createErrorBudget(ERRORS_PER_MINUTE);

  /** the device id of the path when the user may log for it: 404 unknown, 403 another user's (without Debug) */
  async function allowedDevice(request: FastifyRequest, raw: string): Promise<number> {
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(id) || id <= 0) throw notFound(logsTexts.deviceNotFound);
    const [row] = await app.deps.db
      .select({ id: devices.id, userId: devices.userId })
      .from(devices)
      .where(eq(devices.id, id));
    if (!row) throw notFound(logsTexts.deviceNotFound);
    if (canDebug(request) || request.auth.deviceId === id || row.userId === request.auth.user.id) return id;
    const [link] = await app.deps.db
      .select({ deviceId: userDevices.deviceId })
      .from(userDevices)
      .where(and(eq(userDevices.deviceId, id), eq(userDevices.userId, request.auth.user.id)));
    if (!link) throw forbidden(logsTexts.notYourDevice);
    return id;
  }

  // the state upload: its own scope, so the body arrives as the bytes sent (checked to be JSON, stored as is)
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      const data = body as Buffer;
      try {
        JSON.parse(data.toString('utf8'));
      } catch {
        return done(badRequest(logsTexts.notJson), undefined);
      }
      done(null, data);
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/v2/logs/log/:deviceId/:stamp/state.json',
      {
        bodyLimit: STATE_LIMIT,
        // the body is the panel's own JSON, stored as sent: checked by the parser above, not by a schema
        schema: {
          operationId: 'uploadStateLog',
          summary: 'Upload the state file of a panel.',
          tags: ['logs'],
          params: stateLogParamsSchema,
          response: { 201: stateLogStoredSchema },
        },
      },
      async (request, reply) => {
        const deviceId = await allowedDevice(request, request.params.deviceId);
        if (!Buffer.isBuffer(request.body)) throw badRequest(logsTexts.notJson);
        await saveState(root(), deviceId, request.params.stamp, request.body);
        return reply.status(201).send({ result: true as const });
      },
    );
  });

  const stateFile = binaryBody('application/json: the state file exactly as the panel sent it');
  const readSchema = { params: stateLogParamsSchema, response: { 200: stateFile } };
  r.get(
    '/v2/logs/log/:deviceId/:stamp/state.json',
    { schema: { ...readSchema, operationId: 'getStateLog', summary: 'Download a stored state file.', tags: ['logs'] } },
    async (request, reply) => {
      const deviceId = await allowedDevice(request, request.params.deviceId);
      const data = await readState(root(), deviceId, request.params.stamp);
      if (!data) throw notFound();
      reply.header('cache-control', 'no-store');
      return reply.type('application/json; charset=utf-8').send(data);
    },
  );

  r.get(
    '/v2/logs',
    {
      schema: {
        operationId: 'listStateLogs',
        summary: 'List every stored state file.',
        tags: ['logs'],
        response: { 200: storedStateLogsSchema },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Debug');
      const stored = await listStates(root());
      const ids = [...new Set(stored.map((l) => l.deviceId))];
      const codes = new Map(
        ids.length
          ? (
              await app.deps.db
                .select({ id: devices.id, code: devices.code })
                .from(devices)
                .where(inArray(devices.id, ids))
            ).map((d) => [d.id, d.code])
          : [],
      );
      return stored
        .sort((a, b) => b.stamp.localeCompare(a.stamp) || a.deviceId - b.deviceId)
        .map((l) => ({
          deviceId: l.deviceId,
          deviceCode: codes.get(l.deviceId) ?? null,
          stamp: l.stamp,
          at: stampToWire(l.stamp),
          storedAt: wireTime(l.storedAt),
          size: l.size,
          url: `/v2/logs/log/${l.deviceId}/${l.stamp}/state.json`,
        }));
    },
  );

  const reportSchema = { body: reportErrorsBodySchema, response: { 200: reportErrorsResultSchema } };
  r.post(
    '/v2/logs/errors',
    {
      config: { deviceOptional: true },
      schema: {
        ...reportSchema,
        operationId: 'reportErrors',
        summary: 'Report unhandled errors of a panel.',
        tags: ['logs'],
      },
    },
    async (request) => {
      const list = request.body.errors;
      const stored = budget.take(request.auth.sessionId, list.length);
      const receivedAt = new Date();
      const wire = toWireTime(receivedAt);
      await appendErrors(
        root(),
        wire.slice(0, 10),
        list.slice(0, stored).map((e): LoggedError => ({
          receivedAt: wire,
          userId: request.auth.user.id,
          username: request.auth.user.username,
          deviceId: request.auth.deviceId,
          deviceCode: request.auth.deviceCode,
          sessionId: request.auth.sessionId,
          message: e.message,
          stack: e.stack ?? null,
          url: e.url ?? null,
          at: e.at ?? null,
        })),
      );
      return { result: true as const, stored, dropped: list.length - stored };
    },
  );

  const readErrorsSchema = { querystring: errorsQuerySchema, response: { 200: loggedErrorsSchema } };
  r.get(
    '/v2/logs/errors',
    {
      schema: {
        ...readErrorsSchema,
        operationId: 'listErrors',
        summary: 'List the reported errors of a day.',
        tags: ['logs'],
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Debug');
      const date = request.query.date ?? toWireTime(new Date()).slice(0, 10);
      // the lines this route appended (a line that is no JSON is skipped by the store)
      return (await readErrors(root(), date)) as LoggedError[];
    },
  );
}
