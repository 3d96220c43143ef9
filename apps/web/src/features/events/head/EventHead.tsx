/**
 * Event head (000 §2): category icon coloured by priority (else category), smart date, title/subtitle/description
 * from `header` (their `class` as a CSS hint), tag and state chips, unread counts, muted icon, ETA, commander or
 * 'Řešitel' line, job tiles and linked-event icons. Memoized on the event object: the bundle replaces an event
 * when it changes.
 */
import { memo } from 'react';
import { Box, Typography } from '@mui/material';
import { LINKED_EVENTS_CATEGORY_ID } from '@panel/domain/constants';
import { smartDate } from '@panel/domain/locale';
import type { Event } from '@panel/domain/sync';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useIsMuted } from '../../../stores/muteStore';
import { HeadChips } from './HeadChips';
import { HeadChildren } from './HeadChildren';
import { HeadJobs } from './HeadJobs';
import { HeadLinks } from './HeadLinks';
import { HeadPeople } from './HeadPeople';
import { DEFAULT_EVENT_COLOR } from './headColors';
import { iconFor } from './eventIcon';
import {
  commanderContacts,
  commanderTypeId,
  emptyList,
  selectContactsByEvent,
  selectJobsByEvent,
  selectLinksByEvent,
  visibleTags,
} from './headModel';

const clamp2 = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } as const;

function headerClass(kind: string, cls: string | null | undefined): string {
  return cls ? `event-head-${kind} ${cls}` : `event-head-${kind}`;
}

export interface EventHeadProps {
  event: Event;
  /** 'now' for the smart date (tests, calendar); defaults to the render time. */
  now?: Date | number;
}

export const EventHead = memo(function EventHead({ event, now }: EventHeadProps) {
  const category = useEntitiesStore((s) => s.eventCategories[event.eventCategoryId]);
  const priority = useEntitiesStore((s) => (event.priorityId != null ? s.priorities[event.priorityId] : undefined));
  const tagCatalogue = useEntitiesStore((s) => s.tags);
  const contactTypes = useEntitiesStore((s) => s.contactTypes);
  const jobs = useEntitiesStore((s) => (event.id != null ? selectJobsByEvent(s).get(event.id) : undefined));
  const contacts = useEntitiesStore((s) => (event.id != null ? selectContactsByEvent(s).get(event.id) : undefined));
  const allLinks = useEntitiesStore((s) => (event.id != null ? selectLinksByEvent(s).get(event.id) : undefined));
  const links = event.eventCategoryId === LINKED_EVENTS_CATEGORY_ID ? allLinks : undefined;
  const baseId = useAuthStore((s) => s.user?.baseId ?? null);
  const muted = useIsMuted(event.uuid);

  const color = priority?.color || category?.color || DEFAULT_EVENT_COLOR;
  const Icon = iconFor(category?.icon);
  const header = event.header;
  const title = header?.title?.value || event.subject || event.code || (event.id != null ? `#${event.id}` : '');
  const tags = visibleTags(event, tagCatalogue, { baseId });
  const commanders = commanderContacts(contacts ?? emptyList(), commanderTypeId(contactTypes));

  return (
    <Box data-testid="event-head" data-event-id={event.id ?? undefined} sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
      <Icon data-testid="event-icon" data-color={color} sx={{ color, fontSize: 26, mt: 0.25, flexShrink: 0 }} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography
            className={headerClass('title', header?.title?.class)}
            sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, fontSize: 14 }}
            noWrap
            title={title}
          >
            {title}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }} data-testid="smart-date">
            {smartDate(event.start, now ?? new Date())}
          </Typography>
        </Box>
        {header?.subtitle?.value && (
          <Typography
            variant="body2"
            className={headerClass('subtitle', header.subtitle.class)}
            color="text.secondary"
            noWrap
          >
            {header.subtitle.value}
          </Typography>
        )}
        {header?.description?.value && (
          <Typography
            variant="caption"
            component="div"
            className={headerClass('description', header.description.class)}
            sx={clamp2}
          >
            {header.description.value}
          </Typography>
        )}
        <HeadChips event={event} tags={tags} muted={muted} />
        <HeadPeople event={event} commanders={commanders} />
        <HeadJobs jobs={jobs ?? emptyList()} />
        {links && event.id != null && <HeadLinks eventId={event.id} links={links} />}
        {allLinks && event.id != null && <HeadChildren eventId={event.id} eventUuid={event.uuid} links={allLinks} />}
      </Box>
    </Box>
  );
});
