import { useEffect, useState } from 'react';
import { errorText } from './actions/errors';

/**
 * What `load(eventId)` answers, asked again whenever `eventId` or `key` changes and not at all while there is no
 * id; an answer that comes after the id or key moved on is dropped, so a slow one never overwrites a newer one.
 * A failure is kept as its Czech text; the last data stays beside it.
 */
export function useEventLoad<T>(
  eventId: number | null | undefined,
  key: unknown,
  load: (eventId: number) => Promise<T>,
): { data: T | null; error: string | null } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (eventId == null) return;
    let alive = true;
    load(eventId)
      .then((r) => alive && (setData(r), setError(null)))
      .catch((e) => alive && setError(errorText(e)));
    return () => {
      alive = false;
    };
    // `load` is a new closure every render: `key` names what it reads besides the id
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventId, key]);
  return { data, error };
}
