/**
 * POST /v2/debug/push/{deviceId} `{payload: {…}}` → 202 `{result: true}` (001 §2): the device's panels get the
 * socket event `debug` ({payload, from, sentAt}) and open the debug dialog with it. manage Debug (role admin);
 * 404 for an unknown device, 422 for a bad id or payload. Nothing is stored: a device that is offline misses it.
 * Authorization lives here, in the route (manage Debug), checked before the device is looked up: a caller without
 * the right learns nothing about which devices exist.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  DEBUG_PUSH_EVENT,
  debugPushBodySchema,
  debugPushParams,
  debugPushTexts,
  type DebugPush,
} from '@panel/domain/logs';
import { okResult } from '@panel/domain/http';
import { toWireTime } from '@panel/domain/locale';
import { requireAbility } from '../../http/requireAbility.js';
import { devices } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';

const schema = { params: debugPushParams, body: debugPushBodySchema, response: { 202: okResult } };

export default async function debugRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v2/debug/push/:deviceId',
    {
      schema: {
        ...schema,
        operationId: 'sendDebugPush',
        summary: 'Push a debug payload to the panels of a device.',
        tags: ['logs'],
      },
    },
    async (request, reply) => {
      requireAbility(request, 'manage', 'Debug');
      const { deviceId } = request.params;
      const [device] = await app.deps.db.select({ id: devices.id }).from(devices).where(eq(devices.id, deviceId));
      if (!device) throw notFound(debugPushTexts.deviceNotFound);
      const push: DebugPush = {
        payload: request.body.payload,
        from: { userId: request.auth.user.id, username: request.auth.user.username },
        sentAt: toWireTime(new Date()),
      };
      app.deps.hub.emitToDevice?.(device.id, DEBUG_PUSH_EVENT, push);
      return reply.status(202).send({ result: true as const });
    },
  );
}
