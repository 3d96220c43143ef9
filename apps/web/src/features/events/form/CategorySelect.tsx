import { allowedCategories } from '@panel/domain/events';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useAttributeRules } from './attributeRules';
import type { InputProps } from './fieldProps';
import { IdSelect } from './IdSelect';

/**
 * Category selector; on an unsaved event a change applies the category's defaults (useEventForm). It offers
 * only the categories the user may move the event into (000 §6, domain `allowedCategories`: 14, 15 and their
 * toggles only for the central base; a unit not into a category it could then not edit) — the server refuses
 * the others with 422. The saved category is the one moved from; the form's current choice stays listed.
 */
export function CategorySelect(props: InputProps) {
  const categoriesMap = useEntitiesStore((s) => s.eventCategories);
  const { ruleUser, ruleEvent, ruleTags } = useAttributeRules(props.event);
  const fromId = props.event.id == null ? null : (props.event.eventCategoryId ?? null);
  const current = props.api.form.getValues('eventCategoryId') as number | null | undefined;
  // a dozen categories: recomputed each render, no memo to keep in step with the rule inputs
  const all = Object.values(categoriesMap).sort((a, b) => a.sort - b.sort || a.id - b.id);
  const allowed = new Set(allowedCategories(ruleUser, ruleEvent, fromId, all, ruleTags).map((c) => c.id));
  const options = all.filter((c) => allowed.has(c.id) || c.id === current);
  return <IdSelect {...props} options={options} onChange={(id) => id != null && props.api.changeCategory(id)} />;
}
