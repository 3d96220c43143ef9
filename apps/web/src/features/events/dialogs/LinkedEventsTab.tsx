/** Linked events of an event: its parent and the events linked to it, with unlink where allowed. */
import { useMemo, useState } from 'react';
import { Button, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { canLink, canUnlink } from '@panel/domain/permissions';
import type { Event } from '@panel/domain/sync';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { LinkCandidatesDialog, LINK_TEXTS } from './LinkCandidatesDialog';
import { unlinkRow } from './linkActions';

export const LINKED_TEXTS = { parent: 'Nadřazená událost', none: 'Žádné propojené události', unlink: 'Odpojit' }; // ours

export function LinkedEventsTab({ event }: { event: Event }) {
  const user = useAuthStore((s) => s.user);
  const links = useEntitiesStore((s) => s.eventToEvent);
  const events = useEntitiesStore((s) => s.events);
  const categories = useEntitiesStore((s) => s.eventCategories);
  const [linking, setLinking] = useState(false);
  const children = useMemo(() => Object.values(links).filter((l) => l.targetEventId === event.id), [links, event.id]);
  const parent = event.parentId != null ? events[event.parentId] : undefined;
  const unlinkAllowed = canUnlink(
    { baseId: user?.baseId ?? null, groups: user?.groups },
    categories[event.eventCategoryId],
  );
  const title = (e: Pick<Event, 'header' | 'code' | 'id'> | null | undefined) =>
    e?.header?.title?.value || e?.code || (e?.id != null ? `#${e.id}` : '');

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
      <List dense>
        {children.map((link) => (
          <ListItem
            key={link.id}
            divider
            secondaryAction={
              unlinkAllowed ? (
                <Button size="small" onClick={() => void unlinkRow(link.id)}>
                  {LINKED_TEXTS.unlink}
                </Button>
              ) : undefined
            }
          >
            <ListItemText primary={title(link.sourceEvent ?? events[link.sourceEventId])} />
          </ListItem>
        ))}
      </List>
      {!parent && !children.length && <Typography variant="body2">{LINKED_TEXTS.none}</Typography>}
      {event.parentId == null && canLink({ baseId: user?.baseId ?? null, groups: user?.groups }) && (
        <Button size="small" onClick={() => setLinking(true)} sx={{ mt: 1 }}>
          {LINK_TEXTS.title}
        </Button>
      )}
      <LinkCandidatesDialog event={event} open={linking} onClose={() => setLinking(false)} />
    </>
  );
}
