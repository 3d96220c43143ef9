/**
 * Linked events of an event: its parent, its children (events attached to it, state 4, with their count) and
 * other events linked to it (the linked-events summary), with unlink where allowed.
 */
import { useMemo, useState } from 'react';
import { Button, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { canLink, canUnlink } from '@panel/domain/events';
import { childLinksOf, type Event, type EventToEvent } from '@panel/domain/sync';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { LinkCandidatesDialog, LINK_TEXTS } from './LinkCandidatesDialog';
import { unlinkRow } from './linkActions';

export const LINKED_TEXTS = {
  parent: 'Nadřazená událost',
  children: (n: number) => `Připojené události (${n})`,
  others: 'Další propojení',
  none: 'Žádné propojené události',
  unlink: 'Odpojit',
}; // ours

export function LinkedEventsTab({ event }: { event: Event }) {
  const user = useAuthStore((s) => s.user);
  const links = useEntitiesStore((s) => s.eventToEvent);
  const events = useEntitiesStore((s) => s.events);
  const categories = useEntitiesStore((s) => s.eventCategories);
  const [linking, setLinking] = useState(false);
  const into = useMemo(() => Object.values(links).filter((l) => l.targetEventId === event.id), [links, event.id]);
  const children = useMemo(() => (event.id != null ? childLinksOf(into, event.id) : []), [into, event.id]);
  const others = into.filter((l) => !children.includes(l));
  const parent = event.parentId != null ? events[event.parentId] : undefined;
  const unlinkAllowed = canUnlink(
    { baseId: user?.baseId ?? null, groups: user?.groups },
    categories[event.eventCategoryId],
  );
  const title = (e: Pick<Event, 'header' | 'code' | 'id'> | null | undefined) =>
    e?.header?.title?.value || e?.code || (e?.id != null ? `#${e.id}` : '');
  const row = (link: EventToEvent) => {
    const source = link.sourceEvent ?? events[link.sourceEventId];
    return (
      <ListItem
        key={link.id}
        divider
        data-testid="linked-row"
        secondaryAction={
          unlinkAllowed ? (
            <Button size="small" onClick={() => void unlinkRow(link.id)}>
              {LINKED_TEXTS.unlink}
            </Button>
          ) : undefined
        }
      >
        <ListItemText
          primary={title(source)}
          secondary={[source?.code, source?.header?.subtitle?.value].filter(Boolean).join(' · ')}
        />
      </ListItem>
    );
  };

  return (
    <>
      {parent && (
        <>
          <Typography variant="overline">{LINKED_TEXTS.parent}</Typography>
          <ListItemButton onClick={() => useUiStore.getState().openEventView(parent.uuid)}>
            <ListItemText primary={title(parent)} secondary={parent.header?.subtitle?.value} />
          </ListItemButton>
        </>
      )}
      {children.length > 0 && (
        <Typography variant="overline" component="div" data-testid="children-heading">
          {LINKED_TEXTS.children(children.length)}
        </Typography>
      )}
      <List dense data-testid="children-list" sx={{ py: 0 }}>
        {children.map((link) => row(link))}
      </List>
      {others.length > 0 && (
        <>
          <Typography variant="overline" component="div">
            {LINKED_TEXTS.others}
          </Typography>
          <List dense sx={{ py: 0 }}>
            {others.map((link) => row(link))}
          </List>
        </>
      )}
      {!parent && !into.length && <Typography variant="body2">{LINKED_TEXTS.none}</Typography>}
      {event.parentId == null && canLink({ baseId: user?.baseId ?? null, groups: user?.groups }) && (
        <Button size="small" onClick={() => setLinking(true)} sx={{ mt: 1 }}>
          {LINK_TEXTS.title}
        </Button>
      )}
      <LinkCandidatesDialog event={event} open={linking} onClose={() => setLinking(false)} />
    </>
  );
}
