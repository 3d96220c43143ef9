/** Parent and children over the event-to-event links (000 §3, §4; issue 12 item 8). */
import type { EventToEvent } from './entities';

/** The events attached to `parentId` (their link rows): a source whose parentId is the link's target. */
export function childLinksOf<L extends Pick<EventToEvent, 'targetEventId' | 'sourceEvent'>>(
  links: Iterable<L>,
  parentId: number,
): L[] {
  const out: L[] = [];
  for (const l of links) if (l.targetEventId === parentId && l.sourceEvent?.parentId === parentId) out.push(l);
  return out;
}
