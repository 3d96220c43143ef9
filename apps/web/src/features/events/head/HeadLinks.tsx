/** Icons of the events linked with a category-17 event (eventToEvent rows at either end), 000 §2. */
import { memo } from 'react';
import { Box } from '@mui/material';
import type { EventToEvent } from '@panel/domain/sync';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { DEFAULT_EVENT_COLOR } from './headColors';
import { headTexts } from './headTexts';
import { iconFor } from './eventIcon';

export const HeadLinks = memo(function HeadLinks({ eventId, links }: { eventId: number; links: EventToEvent[] }) {
  const categories = useEntitiesStore((s) => s.eventCategories);
  const events = useEntitiesStore((s) => s.events);
  if (!links.length) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, mt: 0.5 }} title={headTexts.linked}>
      {links.map((link) => {
        // the other end: the source of a link into this event, or the target this event is linked to
        const otherId = link.targetEventId === eventId ? link.sourceEventId : link.targetEventId;
        const other = events[otherId] ?? (link.sourceEventId === otherId ? link.sourceEvent : null);
        const category = other ? categories[other.eventCategoryId] : undefined;
        const Icon = iconFor(category?.icon);
        const title = other?.header?.title?.value || other?.code || `#${otherId}`;
        return (
          <Icon
            key={link.id}
            data-testid="linked-event"
            titleAccess={title}
            sx={{ fontSize: 18, color: category?.color ?? DEFAULT_EVENT_COLOR }}
          />
        );
      })}
    </Box>
  );
});
