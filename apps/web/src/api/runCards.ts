/**
 * Run cards (issue 26 item 1): the administrator's list, create, replace and delete; an event's proposal and the
 * deploy by plan. Answers and bodies are the domain's (`@panel/domain/runCards`), types only.
 */
import type { DeployByCardBody, RunCard, RunCardProposal } from '@panel/domain/runCards';
import type { EventJob } from '@panel/domain/sync';
import { api } from './client';

export interface RunCardInput {
  name: string;
  eventCategoryId: number | null;
  eventTypeId: number | null;
  eventTerrainId: number | null;
  words: string[];
  lines: { resourceTypeId: number | null; count: number; maxEtaMinutes: number }[];
}

const url = '/v2/run-cards';

export const runCardsApi = {
  list: (signal?: AbortSignal) => api.get<RunCard[]>(url, { signal }),
  create: (body: RunCardInput) => api.post<RunCard>(url, body),
  replace: (id: number, body: RunCardInput) => api.put<RunCard>(`${url}/${id}`, body),
  remove: (id: number) => api.del<{ result: true }>(`${url}/${id}`),
  proposal: (eventId: number, signal?: AbortSignal) =>
    api.get<RunCardProposal>(`/v2/events/${eventId}/run-card`, { signal }),
  deploy: (eventId: number, body: DeployByCardBody) =>
    api.post<{ jobs: EventJob[] }>(`/v2/events/${eventId}/run-card/deploy`, body),
};
