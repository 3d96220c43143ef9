/**
 * GET /v2/events/{id}/run-card (issue 26 item 1): the card that matches the event (domain `matchRunCard`) and its
 * proposal (domain `proposeRunCard`) over the free vehicles' ETAs — the same ETAs the deployment dialog shows
 * (tracking `vehicleEtas`: a road route for the nearest few when routing is configured, else the labelled
 * straight-line estimate). The event's own base is `events.base_id`; other bases' vehicles are mutual aid. The
 * vehicles already deployed on the event count toward their lines.
 */
import { eq, inArray } from 'drizzle-orm';
import { matchRunCard, proposeRunCard, type RunCardCandidate, type RunCardProposal } from '@panel/domain/runCards';
import type { Database } from '../../db/client.js';
import { eventJobs, resources, resourceTypes } from '../../db/schema/index.js';
import type { RoutingProvider } from '../../integrations/routing/provider.js';
import type { EventRow } from '../events/presenter.js';
import { vehicleEtas } from '../tracking/vehicleEta.js';
import { activeJobs } from '../vehicles/jobs/active.js';
import { listCards } from './cards.js';

export async function proposalFor(
  db: Database,
  event: EventRow,
  routing: RoutingProvider,
  now: Date,
): Promise<RunCardProposal> {
  const card = matchRunCard(await listCards(db), event);
  if (!card) return { card: null, lines: [] };
  const etas = await vehicleEtas(db, event, routing, now);
  const ids = etas.map((e) => e.resourceId);
  const vehicles = ids.length
    ? await db
        .select({ id: resources.id, resourceTypeId: resources.resourceTypeId, baseId: resources.baseId })
        .from(resources)
        .where(inArray(resources.id, ids))
    : [];
  const byId = new Map(vehicles.map((v) => [v.id, v]));
  const candidates: RunCardCandidate[] = [];
  for (const eta of etas) {
    const v = byId.get(eta.resourceId);
    if (!v || v.resourceTypeId == null || v.baseId == null) continue;
    candidates.push({
      resourceId: v.id,
      resourceTypeId: v.resourceTypeId,
      baseId: v.baseId,
      duration: eta.duration,
      durationText: eta.durationText,
      source: eta.source,
    });
  }
  const types = await db.select({ id: resourceTypes.id, code: resourceTypes.code }).from(resourceTypes);
  const codes = Object.fromEntries(types.map((t) => [t.id, t.code]));
  // vehicles already on the event fill their lines first (after 'Nasadit podle plánu' nothing more is proposed)
  const here = await db
    .select({ typeId: resources.resourceTypeId })
    .from(eventJobs)
    .innerJoin(resources, eq(resources.id, eventJobs.resourceId))
    .where(activeJobs(eq(eventJobs.eventId, event.id)));
  const deployedTypes = here.flatMap((r) => (r.typeId == null ? [] : [r.typeId]));
  return { card, lines: proposeRunCard(card, candidates, event.baseId, codes, deployedTypes) };
}
