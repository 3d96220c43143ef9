import { useEffect, useState } from 'react';
import { fetchJournal, type EventJournal } from '../../../api/events';
import { errorText } from '../actions/errors';

/** GET /v2/events/journal/{id} while `eventId` is given. */
export function useJournal(eventId: number | null | undefined) {
  const [journal, setJournal] = useState<EventJournal | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (eventId == null) return;
    let alive = true;
    fetchJournal(eventId)
      .then((j) => alive && (setJournal(j), setError(null)))
      .catch((e) => alive && setError(errorText(e)));
    return () => {
      alive = false;
    };
  }, [eventId]);
  return { journal: eventId == null ? null : journal, error };
}
