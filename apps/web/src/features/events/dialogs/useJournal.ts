import { fetchJournal, type EventJournal } from '../../../api/events';
import { useEventLoad } from '../useEventLoad';

/** GET /v2/events/journal/{id} while `eventId` is given. */
export function useJournal(eventId: number | null | undefined): { journal: EventJournal | null; error: string | null } {
  const { data, error } = useEventLoad(eventId, null, fetchJournal);
  return { journal: eventId == null ? null : data, error };
}
