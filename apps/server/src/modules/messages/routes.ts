/**
 * POST /v2/messages/user/read (000 §7 "mark all read"; the sidebar's double click on Events after the confirm
 * 'Označení všech zpráv za přečtené'): marks every message the user may see as read for this user and answers
 * `{result: true, count}` with the number of messages newly marked (0 on a repeated call).
 *
 * Permission: view Message (manage Message includes it). By 000 §6 every user has one of them — MNG views,
 * udrp and everybody else manages Message — so the 403 guards against a future rule set, not a current role.
 */
import type { FastifyInstance } from 'fastify';
import { requireAbility } from '../../app.js';
import { markAllRead } from './commands.js';

export default async function messageRoutes(app: FastifyInstance) {
  app.post('/v2/messages/user/read', async (request) => {
    requireAbility(request, 'view', 'Message');
    const count = await markAllRead(app.deps, request.auth);
    return { result: true, count };
  });
}
