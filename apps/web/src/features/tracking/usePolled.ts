/**
 * Loads `load` now, every `periodMs`, and whenever `key` changes (a push changed the vehicles or the jobs),
 * at most once per `minGapMs`; hands each answer to `onData`. Failures are logged and the last data stays.
 */
import { useEffect, useRef } from 'react';
import { isAbortError } from '../../api/client';

export function usePolled<T>(
  enabled: boolean,
  key: string,
  load: () => Promise<T>,
  onData: (data: T) => void,
  periodMs = 30_000,
  minGapMs = 5_000,
): void {
  const last = useRef(0);
  const loadRef = useRef(load);
  const dataRef = useRef(onData);
  loadRef.current = load;
  dataRef.current = onData;

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const run = async () => {
      last.current = Date.now();
      try {
        const data = await loadRef.current();
        if (!stopped) dataRef.current(data);
      } catch (error) {
        if (!isAbortError(error)) console.error('[tracking] load failed', error);
      }
    };
    // a change of the key right after a load waits for the gap, so a burst of pushes costs one call
    const wait = Math.max(0, last.current + minGapMs - Date.now());
    const timer = setTimeout(() => void run(), wait);
    const interval = setInterval(() => void run(), periodMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(interval);
    };
  }, [enabled, key, periodMs, minGapMs]);
}
