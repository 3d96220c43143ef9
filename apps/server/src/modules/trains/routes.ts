/**
 * Train and special-vehicle calls (001 §7; docs/API.md "Map data, search and trains (issue 6) — contract"):
 *
 * - POST /train-location `{TR}` or `{CasOd, CasDo, VlakCislo | DopravniBod, RealTime}` → `{features, tr}`
 * - POST /train-track `{TR: string[]}` → `{features}` (per train: the run travelled and ahead, LineStrings)
 * - GET /v2/grapp/trains/{token|null} → `{token, features}`: all trains, or with a fresh token the changed ones
 * - POST /muv-location → `{features}`: the special rail vehicles (MUV) with `created` and `active`
 *
 * The provider (integrations/trains) simulates by default, or proxies TRAINS_URL. Bodies and answers are the
 * domain's schemas (`@panel/domain/trains`). Route shape: validate (schema) → authorize (here: view Event, the
 * only rule) → ask the provider → present. A provider outage answers 502 `{message}` (integrations/trains/outage).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@panel/domain/http';
import {
  muvAnswer,
  trainFeedAnswer,
  trainFeedParams,
  trainLocationAnswer,
  trainLocationBody,
  trainTrackAnswer,
  trainTrackBody,
} from '@panel/domain/trains';
import { requireAbility } from '../../http/requireAbility.js';
import { trainClock, trainsProvider } from '../../integrations/trains/index.js';

/** the provider's outage (integrations/trains/outage.ts): the train service failed or answered nonsense */
const outage = { 502: errorBody };

export default async function trainRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const trains = trainsProvider(db, config, app.log);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/train-location',
    {
      schema: {
        operationId: 'getTrainLocation',
        summary: 'Where trains are, by number or by place and time.',
        tags: ['trains'],
        body: trainLocationBody,
        response: { 200: trainLocationAnswer, ...outage },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Event');
      return trains.location(request.body, trainClock.now());
    },
  );

  r.post(
    '/train-track',
    {
      schema: {
        operationId: 'getTrainTrack',
        summary: 'The run of trains, travelled and ahead.',
        tags: ['trains'],
        body: trainTrackBody,
        response: { 200: trainTrackAnswer, ...outage },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Event');
      return trains.track(request.body.TR, trainClock.now());
    },
  );

  r.get(
    '/v2/grapp/trains/:token',
    {
      schema: {
        operationId: 'listTrains',
        summary: 'All trains, or with a fresh token the changed ones.',
        tags: ['trains'],
        params: trainFeedParams,
        response: { 200: trainFeedAnswer, ...outage },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Event');
      const { token } = request.params;
      return trains.feed(token === 'null' || token === '' ? null : token, trainClock.now());
    },
  );

  r.post(
    '/muv-location',
    {
      schema: {
        operationId: 'listMuvLocations',
        summary: 'The special rail vehicles (MUV).',
        tags: ['trains'],
        response: { 200: muvAnswer, ...outage },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Event');
      return trains.muv(trainClock.now());
    },
  );
}
