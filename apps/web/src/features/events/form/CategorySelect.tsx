import { useMemo } from 'react';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import type { InputProps } from './fieldProps';
import { IdSelect } from './IdSelect';

/** Category selector; on an unsaved event a change applies the category's defaults (useEventForm). */
export function CategorySelect(props: InputProps) {
  const categoriesMap = useEntitiesStore((s) => s.eventCategories);
  const options = useMemo(
    () => Object.values(categoriesMap).sort((a, b) => a.sort - b.sort || a.id - b.id),
    [categoriesMap],
  );
  return <IdSelect {...props} options={options} onChange={(id) => id != null && props.api.changeCategory(id)} />;
}
