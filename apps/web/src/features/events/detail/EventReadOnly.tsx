/** The event detail in read-only style (000 §2): the category's inputs as label and value, plus tag chips. */
import { Box, Typography } from '@mui/material';
import { formatDateTime, fromWireTime } from '@panel/domain/locale';
import type { Event } from '@panel/domain/sync';
import { sortedInputs } from '@panel/domain/events';
import { useEntitiesStore, type EntitiesState } from '../../../stores/entitiesStore';
import { TagList } from '../form/TagList';

type AnyEvent = Partial<Event> & { uuid: string };

function display(field: string, event: AnyEvent, s: EntitiesState): string {
  const v = (event as Record<string, unknown>)[field];
  const name = (map: Record<number, { name: string }>, id: unknown) =>
    id != null ? (map[Number(id)]?.name ?? '') : '';
  switch (field) {
    case 'eventCategoryId':
      return name(s.eventCategories, v);
    case 'serviceId':
      return name(s.services, v);
    case 'eventTypeId':
      return name(s.eventTypes, v);
    case 'priorityId':
      return name(s.priorities, v);
    case 'eventTerrainId':
      return name(s.eventTerrains, v);
    case 'eventToBase':
    case 'eventAccess':
      return ((v as number[] | null) ?? []).map((id) => s.bases[id]?.code ?? id).join(', ');
    case 'startAt':
    case 'endAt':
      return formatDateTime(fromWireTime((v as string) ?? (field === 'startAt' ? event.start : null)));
    default:
      return v === null || v === undefined ? '' : String(v);
  }
}

export function EventReadOnly({ event }: { event: AnyEvent }) {
  const state = useEntitiesStore();
  const category = event.eventCategoryId != null ? state.eventCategories[event.eventCategoryId] : undefined;
  const inputs = sortedInputs(category?.inputs);
  return (
    <Box sx={{ p: 1.5 }} data-testid="event-readonly">
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 0.5, columnGap: 1.5 }}
      >
        {inputs.map((input) => {
          const value = display(input.field, event, state);
          return (
            <Box key={input.field} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="caption" color="text.secondary" sx={{ pt: 0.25 }}>
                {input.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {value || '—'}
              </Typography>
            </Box>
          );
        })}
      </Box>
      <Box sx={{ mt: 1 }}>
        <TagList tagIds={event.eventToTags ?? []} />
      </Box>
    </Box>
  );
}
