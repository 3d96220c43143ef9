/**
 * The incident report (issue 26 item 3): GET /v2/events/{id}/report → `IncidentReport` (`@panel/domain/
 * incidentReport`), everything the printable page shows in one answer.
 *
 * Route shape: validate (schema) → load → authorize → present; a read, no command. Authorization in ONE place,
 * here in the route, exactly as viewing the event and its messages: view Event (403 without), the event visible
 * to the user (`visibleEvent`: unknown and another base's event are both 404, so ids cannot be probed), and the
 * conversations' messages only with view Message (as GET /v2/messages/event/{id}); without it the report still
 * shows the event and says the conversations are not readable.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { incidentReportParams, incidentReportSchema } from '@panel/domain/incidentReport';
import { requireAbility } from '../../http/requireAbility.js';
import { viewerOf, visibleEvent } from '../events/access.js';
import { eventTracks } from '../tracking/tracks.js';
import { loadCatalogueNames, loadContacts, loadJobs, loadJournal, loadMessages, loadResourceNames } from './load.js';
import { presentReport } from './present.js';

export default async function incidentReportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/events/:id/report',
    {
      schema: {
        operationId: 'getIncidentReport',
        summary: 'The printable incident report of an event: times, vehicles, people, both conversations, tracks.',
        tags: ['incidentReport'],
        params: incidentReportParams,
        response: { 200: incidentReportSchema },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Event');
      const db = app.deps.db;
      const { row, eventToBase } = await visibleEvent(db, request.auth, request.params.id);
      const viewer = viewerOf(request.auth);
      const readsMessages = request.auth.ability.can('view', 'Message');
      const now = new Date();
      const [names, journal, jobs, tracks, contacts, messages] = await Promise.all([
        loadCatalogueNames(db),
        loadJournal(db, row.id),
        loadJobs(db, row.id),
        eventTracks(db, row.id, now),
        loadContacts(db, viewer, row.id),
        readsMessages ? loadMessages(db, viewer, row.id) : Promise.resolve([]),
      ]);
      // vehicles the journal names, also of deployments removed since
      const named = new Set<number>();
      for (const j of journal) {
        const id = (j.data as { resourceId?: unknown } | null)?.resourceId;
        if (typeof id === 'number' && Number.isInteger(id)) named.add(id);
      }
      const resources = await loadResourceNames(db, [...named]);
      return presentReport({
        row,
        units: eventToBase,
        names: { ...names, resources },
        journal,
        jobs,
        tracks,
        contacts,
        messages,
        readsMessages,
        now,
      });
    },
  );
}
