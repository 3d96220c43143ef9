/**
 * The active event in the sidebar (000 §2, 001 §2): its head, tabs by category and the view dialog. A new
 * local event shows the form at once; a saved one the form when the user may edit it, otherwise the read-only
 * detail with tag chips (the actions the user still has stay available there).
 */
import { useState } from 'react';
import { Badge, Box, IconButton, Tab, Tabs, Tooltip } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { isCentral, isMine } from '@panel/domain/permissions';
import type { Event } from '@panel/domain/sync';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { useAbility } from '../../../stores/useAbility';
import { useActiveEvent } from '../../../stores/useActiveEvent';
import { EventForm } from '../form/EventForm';
import { EventHead } from '../head/EventHead';
import { useIsMobile } from '../../../ui/useIsMobile';
import { DetailTabBody } from './DetailTabBody';
import { detailTabs, dzinEventHref } from './eventTabs';

export const DETAIL_TEXTS = { view: 'Zobrazit událost' } as const; // ours

function SavedEventDetail({ event }: { event: Event }) {
  const ability = useAbility();
  const user = useAuthStore((s) => s.user);
  const category = useEntitiesStore((s) => s.eventCategories[event.eventCategoryId]);
  const dzinEventUrl = useEntitiesStore((s) => s.settings.dzinEventUrl ?? null);
  const mobile = useIsMobile();
  const tabs = detailTabs(event, category, ability, dzinEventUrl, mobile);
  const [chosen, setChosen] = useState<string | null>(null);
  const current = tabs.find((t) => t.id === chosen) ?? tabs.find((t) => t.kind === 'settings') ?? tabs[0];
  const ruleUser = { baseId: user?.baseId ?? null };
  const editable = ability.can('update', 'Event') && (isMine(event, ruleUser) || isCentral(ruleUser));
  const external = () => {
    if (dzinEventUrl) window.open(dzinEventHref(dzinEventUrl, event), '_blank', 'noopener');
  };

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <EventHead event={event} />
        </Box>
        <Tooltip title={DETAIL_TEXTS.view}>
          <IconButton
            size="small"
            aria-label={DETAIL_TEXTS.view}
            onClick={() => useUiStore.getState().openEventView(event.uuid)}
          >
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Tabs
        value={current.id}
        onChange={(_, id: string) => (id === 'external' ? external() : setChosen(id))}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 36, '& .MuiTab-root': { minHeight: 36, px: 1.25 } }}
      >
        {tabs.map((t) => (
          <Tab
            key={t.id}
            value={t.id}
            data-tab={t.id}
            label={
              t.kind === 'messages' && t.unread > 0 ? (
                <Badge badgeContent={t.unread} color="error" sx={{ pr: 1.5 }}>
                  {t.label}
                </Badge>
              ) : (
                t.label
              )
            }
          />
        ))}
      </Tabs>
      <DetailTabBody key={`${event.uuid}-${current.id}`} tab={current} event={event} editable={editable} />
    </>
  );
}

export function EventDetailPanel() {
  const active = useActiveEvent();
  if (!active) return null;
  return (
    <Box data-testid="event-detail">
      {active.kind === 'local' ? (
        <EventForm key={active.event.uuid} event={active.event} />
      ) : (
        <SavedEventDetail event={active.event} />
      )}
    </Box>
  );
}
