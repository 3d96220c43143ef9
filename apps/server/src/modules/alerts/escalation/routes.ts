/**
 * Escalation rules of the administrator (issue 25 item 3; docs/API.md "Alert escalation"):
 * GET/POST /v2/alerts/escalation-rules, PUT/DELETE /v2/alerts/escalation-rules/{id}. Validate (zod shape, then the
 * domain's Czech rule) → authorize (role admin or manage Escalation, domain `canManageEscalation`) → command →
 * present. The chain itself runs in the loop (loop.ts), not in a route.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  canManageEscalation,
  escalationRuleBody,
  escalationRuleListSchema,
  escalationRuleParams,
  escalationRuleSchema,
} from '@panel/domain/alerts';
import { okResult } from '@panel/domain/http';
import { forbidden } from '../../../errors.js';
import { createRule, deleteRule, listRules, replaceRule } from './rules.js';

export default async function escalationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, hub } = app.deps;
  const requireManager = (auth: { ability: Parameters<typeof canManageEscalation>[0]; user: { roles?: string[] } }) => {
    if (!canManageEscalation(auth.ability, auth.user)) throw forbidden();
  };

  app.get(
    '/v2/alerts/escalation-rules',
    {
      schema: {
        operationId: 'listEscalationRules',
        summary: 'List the escalation rules for alerts nobody accepts.',
        tags: ['alerts'],
        response: { 200: escalationRuleListSchema },
      },
    },
    async (request) => {
      requireManager(request.auth);
      return listRules(db);
    },
  );

  app.post(
    '/v2/alerts/escalation-rules',
    {
      schema: {
        operationId: 'createEscalationRule',
        summary: 'Create an escalation rule.',
        tags: ['alerts'],
        body: escalationRuleBody,
        response: { 201: escalationRuleSchema },
      },
    },
    async (request, reply) => {
      requireManager(request.auth);
      const rule = await createRule({ db, hub }, request.auth, request.body);
      return reply.code(201).send(rule);
    },
  );

  app.put(
    '/v2/alerts/escalation-rules/:id',
    {
      schema: {
        operationId: 'updateEscalationRule',
        summary: 'Change an escalation rule.',
        tags: ['alerts'],
        params: escalationRuleParams,
        body: escalationRuleBody,
        response: { 200: escalationRuleSchema },
      },
    },
    async (request) => {
      requireManager(request.auth);
      return replaceRule({ db, hub }, request.auth, request.params.id, request.body);
    },
  );

  app.delete(
    '/v2/alerts/escalation-rules/:id',
    {
      schema: {
        operationId: 'deleteEscalationRule',
        summary: 'Delete an escalation rule.',
        tags: ['alerts'],
        params: escalationRuleParams,
        response: { 200: okResult },
      },
    },
    async (request) => {
      requireManager(request.auth);
      await deleteRule({ db, hub }, request.auth, request.params.id);
      return { result: true as const };
    },
  );
}
