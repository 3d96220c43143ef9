/** The incident report's call (issue 26 item 3): everything the print page shows, in one answer. */
import type { IncidentReport } from '@panel/domain/incidentReport';
import { api } from './client';

/** GET /v2/events/{id}/report */
export const fetchIncidentReport = (eventId: number) => api.get<IncidentReport>(`/v2/events/${eventId}/report`);
