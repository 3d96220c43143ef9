/** The category rules of a category change or a new event's category (000 §6, issue 12 item 11). */
import { categoryMoveRefusal, centralOnlyCategoryIds, type RuleTags } from '@panel/domain/events';
import type { Queryable } from '../../db/client.js';
import { unprocessable } from '../../errors.js';
import { categoryCatalogue, loadCategory, type Auth } from './access.js';
import { eventTexts } from './texts.js';

/**
 * The category rules of 000 §6 (issue 12 item 11, domain `categoryMoveRefusal`): 422 on eventCategoryId when a
 * unit moves the event into or out of a central-only category (14, 15 and their toggles) or into a category it
 * could then not edit. A 422, not a 403: the value is what is refused, another category would be accepted.
 */
export async function checkCategoryMove(
  q: Queryable,
  user: Auth['user'],
  event: { baseId: number | null; eventStateId?: number },
  fromId: number | null,
  toId: number,
  tags: RuleTags = [],
): Promise<void> {
  const catalogue = await categoryCatalogue(q);
  const to = catalogue.find((c) => c.id === toId);
  if (!to) return; // unknown ids are the references check's 422
  const refusal = categoryMoveRefusal(user, event, fromId, to, catalogue, tags);
  if (!refusal) return;
  const name = (await loadCategory(q, toId))?.name ?? String(toId);
  const fromName = fromId === null ? name : ((await loadCategory(q, fromId))?.name ?? String(fromId));
  const message =
    refusal === 'notEditable'
      ? eventTexts.categoryNotEditable(name)
      : eventTexts.categoryCentralOnly(centralOnlyCategoryIds(catalogue).has(toId) ? name : fromName);
  throw unprocessable({ field: 'eventCategoryId', message });
}
