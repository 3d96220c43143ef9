/**
 * Which category an event may be moved into (000 §6 "Event categories 14 and 15 toggles only for base 2",
 * "Category change: own or central base"; issue 12 item 11). Pure: the server refuses with 422, the panel's
 * category select offers only what passes.
 *
 * Readings (docs/READINGS.md "Events"):
 * - central-only categories = 14, 15 and the categories their `toggleCategoryIds` toggle to; only the central
 *   base moves an event into or out of them (or creates one there);
 * - a unit (any base but the central one) may not move a saved event into a category it could then not edit: the
 *   category must have the update action and at least one input the unit may edit there. The central base is
 *   not held to it: it changes other bases' categories, whose texts it may never edit anyway.
 */
import { isCentral } from '../auth/ability';
import type { RuleUser } from '../auth/permissions';
import { CATEGORY_GROUPS, CENTRAL_ONLY_TOGGLE_CATEGORY_IDS } from '../constants/index';
import type { EventCategory } from '../sync/index';
import { canEditAttribute, type RuleCategory, type RuleEvent, type RuleTags } from './rules';

export type CatalogueCategory = RuleCategory & Pick<EventCategory, 'id' | 'toggleCategoryIds'>;

/** 14, 15 and what they toggle to (read from the catalogue, so a new toggle target is central-only too). */
export function centralOnlyCategoryIds(catalogue: readonly CatalogueCategory[]): ReadonlySet<number> {
  const out = new Set<number>(CENTRAL_ONLY_TOGGLE_CATEGORY_IDS);
  for (const c of catalogue) {
    if (CENTRAL_ONLY_TOGGLE_CATEGORY_IDS.includes(c.id)) for (const id of c.toggleCategoryIds ?? []) out.add(id);
  }
  return out;
}

/** Could this user still edit the event if it were of `category`? (update action and one editable input) */
export function canEditInCategory(
  user: RuleUser,
  event: RuleEvent,
  category: RuleCategory | null | undefined,
  tags: RuleTags = [],
): boolean {
  if (!category?.actions?.update) return false;
  return Object.keys(category.inputs ?? {}).some((field) => canEditAttribute(user, event, category, field, tags));
}

export type CategoryMoveRefusal = 'centralOnly' | 'notEditable';

/**
 * Why this user may not move the event from `fromId` (null: a new event) into `to`, or null when it may. The
 * other category rules (own or central base, readonly input, ISPO locks) are `canEditCategory`'s.
 */
export function categoryMoveRefusal(
  user: RuleUser,
  event: RuleEvent,
  fromId: number | null,
  to: CatalogueCategory,
  catalogue: readonly CatalogueCategory[],
  tags: RuleTags = [],
): CategoryMoveRefusal | null {
  if (fromId === to.id) return null;
  if (isCentral(user)) return null;
  const centralOnly = centralOnlyCategoryIds(catalogue);
  if (centralOnly.has(to.id) || (fromId !== null && centralOnly.has(fromId))) return 'centralOnly';
  // "move": a new event's category is chosen, not moved into (the category's own rules govern it then)
  if (fromId !== null && !canEditInCategory(user, event, to, tags)) return 'notEditable';
  return null;
}

/**
 * The panel creates a new event only in a category with a `create` action: that action is its 'Založit' button
 * (issue 24 item 3). The API itself still creates in any category — the units' apps and the external feeds
 * open chats and monitoring events — so this is the panel's offer, not a server refusal.
 */
export const canCreateInCategory = (category: Pick<RuleCategory, 'actions'> | null | undefined): boolean =>
  Boolean(category?.actions?.create);

/**
 * The categories the select offers: the current one and every one the user may move the event into; for a new
 * event (fromId null) only those the panel can create it in (`canCreateInCategory`).
 */
export function allowedCategories<C extends CatalogueCategory>(
  user: RuleUser,
  event: RuleEvent,
  fromId: number | null,
  catalogue: readonly C[],
  tags: RuleTags = [],
): C[] {
  return catalogue.filter(
    (c) =>
      c.id === fromId ||
      ((fromId !== null || canCreateInCategory(c)) &&
        categoryMoveRefusal(user, event, fromId, c, catalogue, tags) === null),
  );
}

/**
 * The event-category groups of 000 §9: 1, 3, 11 fire-rescue (the head's commander rules), 17 and 25–31 other,
 * every remaining category none. 9 and 12 (in the demo: unit chat, support) are "excluded from recent"
 * (`isExcludedFromRecent`) besides.
 */
export type CategoryGroup = 'fireRescue' | 'other' | null;

export function categoryGroupOf(eventCategoryId: number): CategoryGroup {
  if ((CATEGORY_GROUPS.fireRescue as readonly number[]).includes(eventCategoryId)) return 'fireRescue';
  if ((CATEGORY_GROUPS.other as readonly number[]).includes(eventCategoryId)) return 'other';
  return null;
}

/**
 * 000 §9 "9 and 12 excluded from recent". Our reading (docs/READINGS.md "Events"): a recent event
 * near a new one is what the merge dialog offers (000 §8, within 15 m); a chat or support conversation is no
 * incident to merge into, so events of these categories are never offered.
 */
export const isExcludedFromRecent = (eventCategoryId: number): boolean =>
  (CATEGORY_GROUPS.excludedFromRecent as readonly number[]).includes(eventCategoryId);
