import { useCallback, useEffect, useRef } from 'react';
import { CLICK_DELAY } from '@panel/domain/constants';

/**
 * Single vs double click (001 §4): the single-click action fires after the delay (200 ms) unless a second
 * click arrives first, which fires the double-click action instead.
 */
export function useClickHandler(onSingle: () => void, onDouble: () => void, delay: number = CLICK_DELAY) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const handlers = useRef({ onSingle, onDouble });
  useEffect(() => {
    handlers.current = { onSingle, onDouble };
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
      handlers.current.onDouble();
      return;
    }
    timer.current = setTimeout(() => {
      timer.current = null;
      handlers.current.onSingle();
    }, delay);
  }, [delay]);
}
