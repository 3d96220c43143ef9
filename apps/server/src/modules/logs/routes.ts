/**
 * Application log (001 §2 'Odeslání aplikačního logu', §7 'Upload state file', §8 unhandled errors):
 * - POST /v2/logs/log/{deviceId}/{YYYYMMDDHHmmss}/state.json — the panel's state JSON (≤ 5 MB) → 201
 *   `{result: true}`; the device must be the session's or the user's (user_devices / assigned), else view Debug.
 * - GET same path — the stored file (same rule); GET /v2/logs — every stored state file (view Debug).
 * - POST /v2/logs/errors `{errors: [{message, stack?, url?, at}]}` → `{result: true, stored, dropped}`; at most
 *   60 errors a minute per session; also before the device is confirmed. GET /v2/logs/errors?date= (view Debug).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { toWireTime } from '@panel/domain/locale';
import { devices, userDevices } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound, unprocessable } from '../../errors.js';
import { requireAbility } from '../../app.js';
import { wireTime } from '../../sync/wire.js';
import {
  appendErrors,
  createErrorBudget,
  listStates,
  logsRoot,
  parseStamp,
  readErrors,
  readState,
  saveState,
  stampToWire,
} from './store.js';

export const STATE_LIMIT = 5 * 1024 * 1024;
export const ERRORS_PER_MINUTE = 60;

export const logsTexts = {
  // ours
  badStamp: 'Chybné časové razítko (YYYYMMDDHHmmss).',
  deviceNotFound: 'Zařízení nebylo nalezeno.',
  notYourDevice: 'Log lze odeslat jen za vlastní zařízení.',
  notJson: 'Log musí být platný JSON.',
  badDate: 'Chybné datum (YYYY-MM-DD).',
  badErrors: 'Zadejte 1 až 50 chyb.',
  badMessage: 'Zadejte text chyby (nejvýše 2000 znaků).',
} as const;

const stateParams = z.object({ deviceId: z.string(), stamp: z.string() });

const errorsBody = z.object({
  errors: z
    .array(
      z.object({
        message: z
          .string({ error: logsTexts.badMessage })
          .min(1, { error: logsTexts.badMessage })
          .max(2000, { error: logsTexts.badMessage }),
        stack: z.string().max(20_000).nullable().optional(),
        url: z.string().max(2000).nullable().optional(),
        at: z
          .union([z.string().max(40), z.number()])
          .nullable()
          .optional(),
      }),
      { error: logsTexts.badErrors },
    )
    .min(1, { error: logsTexts.badErrors })
    .max(50, { error: logsTexts.badErrors }),
});

const errorsQuery = z.object({ date: z.string().optional() });

const canDebug = (request: FastifyRequest) => request.auth.ability.can('view', 'Debug');

export default async function logRoutes(app: FastifyInstance) {
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

  function checkStamp(stamp: string): string {
    if (!parseStamp(stamp)) throw unprocessable({ field: 'stamp', message: logsTexts.badStamp });
    return stamp;
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
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/v2/logs/log/:deviceId/:stamp/state.json',
        { bodyLimit: STATE_LIMIT, schema: { params: stateParams } },
        async (request, reply) => {
          const deviceId = await allowedDevice(request, request.params.deviceId);
          const stamp = checkStamp(request.params.stamp);
          if (!Buffer.isBuffer(request.body)) throw badRequest(logsTexts.notJson);
          await saveState(root(), deviceId, stamp, request.body);
          return reply.status(201).send({ result: true });
        },
      );
  });

  r.get('/v2/logs/log/:deviceId/:stamp/state.json', { schema: { params: stateParams } }, async (request, reply) => {
    const deviceId = await allowedDevice(request, request.params.deviceId);
    const stamp = checkStamp(request.params.stamp);
    const data = await readState(root(), deviceId, stamp);
    if (!data) throw notFound();
    reply.header('cache-control', 'no-store');
    return reply.type('application/json; charset=utf-8').send(data);
  });

  r.get('/v2/logs', async (request) => {
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
  });

  r.post('/v2/logs/errors', { config: { deviceOptional: true }, schema: { body: errorsBody } }, async (request) => {
    const list = request.body.errors;
    const stored = budget.take(request.auth.sessionId, list.length);
    const receivedAt = new Date();
    const wire = toWireTime(receivedAt);
    await appendErrors(
      root(),
      wire.slice(0, 10),
      list.slice(0, stored).map((e) => ({
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
    return { result: true, stored, dropped: list.length - stored };
  });

  r.get('/v2/logs/errors', { schema: { querystring: errorsQuery } }, async (request) => {
    requireAbility(request, 'view', 'Debug');
    const date = request.query.date ?? toWireTime(new Date()).slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw unprocessable({ field: 'date', message: logsTexts.badDate });
    return readErrors(root(), date);
  });
}
