/**
 * Web Push (issue 25 item 2; docs/API.md "Web Push"):
 * - GET /v2/web-push/key — the VAPID public key (`applicationServerKey`), for a session with a device.
 * - PUT /v2/web-push/subscription — the browser's subscription for the session's device (422 for a bad one).
 * - DELETE /v2/web-push/subscription — the session's subscriptions go (logout, 'unsubscribe'); no device needed.
 * - POST /v2/web-push/ack {token} — public: the service worker has no session; the signed token is the proof.
 * The keys are loaded (or made) when the app is ready; until then, or when the database refused, the calls
 * answer 503 and nothing is pushed. Authorization: the session's own device and session, nothing else.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  webPushAckAnswer,
  webPushAckBody,
  webPushKeyAnswer,
  webPushRuleTexts,
  webPushSubscriptionAnswer,
  webPushSubscriptionBody,
  webPushUnsubscribeAnswer,
} from '@panel/domain/webPush';
import { forbidden, retryLater, unprocessable } from '../../errors.js';
import { serverTexts } from '../../texts.js';
import { acknowledgePush } from './ack.js';
import { loadWebPushKeys } from './keys.js';
import { createWebPushService, registerWebPush, webPushFor, type WebPushService } from './service.js';
import { removeSessionSubscriptions, saveSubscription } from './subscriptions.js';

export default async function webPushRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  let starting: Promise<WebPushService> | null = null;

  /** The service, made once; a failed start (database away) is tried again by the next call. */
  const service = (): Promise<WebPushService> => {
    const ready = webPushFor(db);
    if (ready) return Promise.resolve(ready);
    starting ??= loadWebPushKeys(db, config).then(
      (keys) => {
        const made = createWebPushService(keys, config.webPush.subject);
        registerWebPush(db, made);
        return made;
      },
      (err: unknown) => {
        starting = null;
        throw err;
      },
    );
    return starting;
  };
  const required = async (): Promise<WebPushService> => {
    try {
      return await service();
    } catch (err) {
      app.log.error({ err }, 'web push keys not loaded');
      throw retryLater(503, webPushRuleTexts.unavailable, 30);
    }
  };

  app.addHook('onReady', async () => {
    // at start, so alerts raised before anybody asked for the key are pushed; a failure is retried on demand
    await service().catch((err: unknown) => app.log.error({ err }, 'web push keys not loaded'));
  });
  app.addHook('onClose', async () => {
    const s = webPushFor(db);
    s?.close();
    await s?.idle();
  });

  app.get(
    '/v2/web-push/key',
    {
      schema: {
        operationId: 'getWebPushKey',
        summary: 'The VAPID public key for a Web Push subscription.',
        tags: ['webPush'],
        response: { 200: webPushKeyAnswer },
      },
    },
    async () => {
      const s = await required();
      return { publicKey: s.keys.publicKey };
    },
  );

  app.put(
    '/v2/web-push/subscription',
    {
      schema: {
        operationId: 'saveWebPushSubscription',
        summary: 'Save the browser subscription of the session device.',
        tags: ['webPush'],
        body: webPushSubscriptionBody,
        response: { 200: webPushSubscriptionAnswer },
      },
    },
    async (request) => {
      await required();
      const { sessionId, user, deviceId } = request.auth;
      // the guard lets no session without a device reach here; the check keeps the type honest
      if (deviceId === null) throw forbidden(serverTexts.deviceNotConfirmed);
      const id = await saveSubscription(db, { sessionId, userId: user.id, deviceId }, request.body);
      return { id };
    },
  );

  app.delete(
    '/v2/web-push/subscription',
    {
      config: { deviceOptional: true },
      schema: {
        operationId: 'deleteWebPushSubscription',
        summary: 'Remove the Web Push subscriptions of the session.',
        tags: ['webPush'],
        response: { 200: webPushUnsubscribeAnswer },
      },
    },
    async (request) => ({ removed: await removeSessionSubscriptions(db, request.auth.sessionId) }),
  );

  app.post(
    '/v2/web-push/ack',
    {
      config: { public: true },
      schema: {
        operationId: 'acknowledgeWebPush',
        summary: 'The service worker confirms a push arrived (signed token).',
        tags: ['webPush'],
        body: webPushAckBody,
        response: { 200: webPushAckAnswer },
      },
    },
    async (request) => {
      await required();
      const result = await acknowledgePush(app.deps, request.body.token);
      if (result === null) throw unprocessable({ field: 'token', message: webPushRuleTexts.badToken });
      return { acknowledged: result !== 'repeat' };
    },
  );
}
