/**
 * The children of a parent event (issue 12 item 8): a chip with their count in the head, in the list and in
 * the detail; a click opens the view dialog on 'Propojené události', which lists them. Children are inactive
 * (state 4), so they are read from the link rows into this event (`childLinksOf`), not from the events.
 */
import { memo } from 'react';
import { Chip } from '@mui/material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { childLinksOf, type EventToEvent } from '@panel/domain/sync';
import { useUiStore } from '../../../stores/uiStore';
import { headTexts } from './headTexts';

export const HeadChildren = memo(function HeadChildren({
  eventId,
  eventUuid,
  links,
}: {
  eventId: number;
  eventUuid: string;
  links: EventToEvent[];
}) {
  const children = childLinksOf(links, eventId);
  if (!children.length) return null;
  const titles = children.map(
    (l) => l.sourceEvent?.header?.title?.value || l.sourceEvent?.code || `#${l.sourceEventId}`,
  );
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<AccountTreeIcon />}
      label={headTexts.children(children.length)}
      title={titles.join('\n')}
      data-testid="event-children"
      data-count={children.length}
      onClick={(e) => {
        // in the list the head sits in a row that would make the event active
        e.stopPropagation();
        useUiStore.getState().openEventView(eventUuid, 1);
      }}
      sx={{ mt: 0.5, height: 22 }}
    />
  );
});
