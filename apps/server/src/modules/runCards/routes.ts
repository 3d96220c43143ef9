/**
 * Run cards ('poplachový plán', issue 26 item 1):
 * - GET /v2/run-cards, POST /v2/run-cards, PUT/DELETE /v2/run-cards/{id}: the administrator's cards (role admin,
 *   domain `canManageRunCards`, decided here in the route before the command; 403 otherwise), cards.ts;
 * - GET /v2/events/{id}/run-card: the matching card and its proposal for the deployment dialog (view
 *   EventResources, as the vehicle overview and its ETAs, and a visible event — decided here), proposal.ts;
 * - POST /v2/events/{id}/run-card/deploy: deploy the chosen vehicles in one command (create EventJob and the
 *   event's rows writable — decided in the command, as every deployment), deploy.ts.
 * Schemas: `@panel/domain/runCards`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResult } from '@panel/domain/http';
import {
  canManageRunCards,
  deployByCardAnswer,
  deployByCardBody,
  runCardBody,
  runCardEventParams,
  runCardListSchema,
  runCardParams,
  runCardProposalAnswer,
  runCardSchema,
} from '@panel/domain/runCards';
import { requireAbility } from '../../http/requireAbility.js';
import { forbidden } from '../../errors.js';
import { routingProvider } from '../../integrations/routing/provider.js';
import type { Auth } from '../events/access.js';
import { visibleEvent } from '../events/access.js';
import { createCard, deleteCard, listCards, replaceCard } from './cards.js';
import { deployByCard } from './deploy.js';
import { proposalFor } from './proposal.js';

/** the dialog waits for at most this per routing call, then uses the estimate (as GET …/vehicle-eta) */
const DIALOG_ROUTING_TIMEOUT_MS = 3_000;

export default async function runCardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const authorize = (auth: Auth) => {
    if (!canManageRunCards(auth.user)) throw forbidden();
  };

  app.get(
    '/v2/run-cards',
    {
      schema: {
        operationId: 'listRunCards',
        summary: 'The run cards (what an event of a category and type needs), for administrators.',
        tags: ['runCards'],
        response: { 200: runCardListSchema },
      },
    },
    async (request) => {
      authorize(request.auth);
      return listCards(deps.db);
    },
  );

  app.post(
    '/v2/run-cards',
    {
      schema: {
        operationId: 'createRunCard',
        summary: 'Create a run card (journaled).',
        tags: ['runCards'],
        body: runCardBody,
        response: { 201: runCardSchema },
      },
    },
    async (request, reply) => {
      authorize(request.auth);
      return reply.code(201).send(await createCard(deps, request.auth, request.body));
    },
  );

  app.put(
    '/v2/run-cards/:id',
    {
      schema: {
        operationId: 'updateRunCard',
        summary: 'Change a run card (journaled).',
        tags: ['runCards'],
        params: runCardParams,
        body: runCardBody,
        response: { 200: runCardSchema },
      },
    },
    async (request) => {
      authorize(request.auth);
      return replaceCard(deps, request.auth, request.params.id, request.body);
    },
  );

  app.delete(
    '/v2/run-cards/:id',
    {
      schema: {
        operationId: 'deleteRunCard',
        summary: 'Remove a run card (journaled).',
        tags: ['runCards'],
        params: runCardParams,
        response: { 200: okResult },
      },
    },
    async (request) => {
      authorize(request.auth);
      await deleteCard(deps, request.auth, request.params.id);
      return { result: true } as const;
    },
  );

  app.get(
    '/v2/events/:id/run-card',
    {
      schema: {
        operationId: 'getRunCardProposal',
        summary: 'The run card matching an event and the proposed free vehicles per line, with what is missing.',
        tags: ['runCards'],
        params: runCardEventParams,
        response: { 200: runCardProposalAnswer },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'EventResources');
      const { row } = await visibleEvent(deps.db, request.auth, request.params.id);
      const routing = routingProvider(deps.config.mapServices.routingUrl, {
        timeoutMs: DIALOG_ROUTING_TIMEOUT_MS,
        log: request.log,
      });
      return proposalFor(deps.db, row, routing, new Date());
    },
  );

  app.post(
    '/v2/events/:id/run-card/deploy',
    {
      schema: {
        operationId: 'deployByRunCard',
        summary: 'Deploy the chosen vehicles of every line in one command (one revision, one journal entry).',
        tags: ['runCards'],
        params: runCardEventParams,
        body: deployByCardBody,
        response: { 201: deployByCardAnswer },
      },
    },
    async (request, reply) => {
      const jobs = await deployByCard(deps, request.auth, request.params.id, request.body);
      return reply.code(201).send({ jobs });
    },
  );
}
