/** One input of the category, rendered by its field (and `view`). */
import { useMemo } from 'react';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { AddressField } from './AddressField';
import { CategorySelect } from './CategorySelect';
import { DateTimeField } from './DateTimeField';
import type { InputProps } from './fieldProps';
import { IdSelect } from './IdSelect';
import { ReporterField } from './ReporterField';
import { TerrainToggle } from './TerrainToggle';
import { TextInput } from './TextInput';
import { UnitsSelect } from './UnitsSelect';

function CatalogueSelect(props: InputProps & { table: 'services' | 'eventTypes' | 'priorities' }) {
  const map = useEntitiesStore((s) => s[props.table]);
  const options = useMemo(() => Object.values(map).sort((a, b) => a.id - b.id), [map]);
  const onChange = props.table === 'services' ? props.api.changeService : undefined;
  return <IdSelect {...props} options={options} onChange={onChange} />;
}

export function EventInput(props: InputProps) {
  switch (props.input.field) {
    case 'eventCategoryId':
      return <CategorySelect {...props} />;
    case 'reporterNumber':
    case 'reporterName':
      return <ReporterField {...props} />;
    case 'eventToBase':
    case 'eventAccess':
      return <UnitsSelect {...props} />;
    case 'serviceId':
      return <CatalogueSelect {...props} table="services" />;
    case 'eventTypeId':
      return <CatalogueSelect {...props} table="eventTypes" />;
    case 'priorityId':
      return <CatalogueSelect {...props} table="priorities" />;
    case 'eventTerrainId':
      return <TerrainToggle {...props} />;
    case 'address':
      return <AddressField {...props} />;
    case 'startAt':
    case 'endAt':
      return <DateTimeField {...props} />;
    default:
      return <TextInput {...props} />;
  }
}
