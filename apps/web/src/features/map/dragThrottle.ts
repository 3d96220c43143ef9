/**
 * 001 §9 "drag throttle 500 ms": a map drag fires `pointerdrag` for every pointer move; what reacts to dragging
 * (auto-centre switching off) runs at the first move and then at most once per MAP_DRAG_THROTTLE while the drag
 * goes on.
 */
import { MAP_DRAG_THROTTLE } from '@panel/domain/constants';

export function throttleDrag<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number = MAP_DRAG_THROTTLE,
  now: () => number = Date.now,
): (...args: A) => void {
  let last = -Infinity;
  return (...args: A) => {
    const t = now();
    if (t - last < ms) return;
    last = t;
    fn(...args);
  };
}
