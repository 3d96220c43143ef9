/**
 * The active event in the sidebar (000 §2, 001 §2): its head, tabs by category and the view dialog. A new
 * local event shows the form at once; a saved one the form when the user may edit it, otherwise the read-only
 * detail with tag chips (the actions the user still has stay available there).
 */
import { useState } from 'react';
import { Badge, Box, IconButton, Tab, Tabs, Tooltip } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { isCentral } from '@panel/domain/auth';
import { isMine } from '@panel/domain/events';
import type { Event } from '@panel/domain/sync';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { useAbility } from '../../../stores/useAbility';
import { useActiveEvent } from '../../../stores/useActiveEvent';
import { EventForm } from '../form/EventForm';
import { EventHead } from '../head/EventHead';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useMapStore } from '../../map/mapStore';
import { ReportButton } from '../../incidentReport/ReportButton';
import { DetailTabBody } from './DetailTabBody';
import { EventReadOnly } from './EventReadOnly';
import { detailTabs, dzinEventHref, openingTab, type DetailTab } from './eventTabs';

export const DETAIL_TEXTS = { view: 'Zobrazit událost', chats: 'Konverzace', others: 'Další záložky' } as const; // ours

/**
 * The tabs wrap onto a second row instead of scrolling (issue 24 item 7: a 360 px sidebar showed 2½ of 6 tabs and
 * a phone hid 'Technika' off-screen). MUI's sliding indicator cannot follow a wrapped row, so the selected tab
 * carries its own underline.
 */
const tabsSx = {
  minHeight: 36,
  '& .MuiTabs-list': { flexWrap: 'wrap' },
  '& .MuiTabs-indicator': { display: 'none' },
  '& .MuiTab-root': { minHeight: 36, minWidth: 0, px: 1.25 },
  '& .MuiTab-root.Mui-selected': { boxShadow: 'inset 0 -2px 0 currentColor' },
} as const;

function tabLabel(t: DetailTab) {
  return t.kind === 'messages' && t.unread > 0 ? (
    <Badge badgeContent={t.unread} color="error" sx={{ pr: 1.5 }} data-testid="chat-unread">
      {t.label}
    </Badge>
  ) : (
    t.label
  );
}

function SavedEventDetail({ event }: { event: Event }) {
  const ability = useAbility();
  const user = useAuthStore((s) => s.user);
  const category = useEntitiesStore((s) => s.eventCategories[event.eventCategoryId]);
  const dzinEventUrl = useEntitiesStore((s) => s.settings.dzinEventUrl ?? null);
  const mobile = useIsMobile();
  const messageCategories = useEntitiesStore((s) => s.messageCategories);
  const tabs = detailTabs(event, category, ability, dzinEventUrl, mobile, messageCategories);
  // chosen once when the event opens (the mount is keyed by the event): a message arriving later does not move
  // the user away from the tab they are in
  const [chosen, setChosen] = useState<string | null>(() => openingTab(tabs)?.id ?? null);
  // 'Zobrazit na mapě' of a track (Technika): on a phone the map is the event's 'Mapa' tab, so go there
  const trackRequest = useMapStore((s) =>
    s.focusedTrack && !s.focusedTrack.fitted && s.focusedTrack.eventId === event.id ? s.focusedTrack.jobId : null,
  );
  const [seenTrackRequest, setSeenTrackRequest] = useState<number | null>(null);
  if (trackRequest !== seenTrackRequest) {
    setSeenTrackRequest(trackRequest);
    if (mobile && trackRequest !== null && tabs.some((t) => t.kind === 'map')) setChosen('map');
  }
  const current = tabs.find((t) => t.id === chosen) ?? openingTab(tabs);
  const ruleUser = { baseId: user?.baseId ?? null };
  const editable = ability.can('update', 'Event') && (isMine(event, ruleUser) || isCentral(ruleUser));
  const external = () => {
    if (dzinEventUrl) window.open(dzinEventHref(dzinEventUrl, event), '_blank', 'noopener');
  };
  const chats = tabs.filter((t) => t.kind === 'messages');
  const others = tabs.filter((t) => t.kind !== 'messages');
  const select = (id: string) => (id === 'external' ? external() : setChosen(id));

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
        <ReportButton eventId={event.id} variant="icon" />
      </Box>
      {tabs.length > 0 && (
        // the chat tabs come first, so they and their unread badges stay in view; every tab is whole on screen
        <Box
          data-testid="detail-tabs"
          sx={{ display: 'flex', flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider' }}
        >
          {chats.length > 0 && (
            <Tabs
              value={current?.kind === 'messages' ? current.id : false}
              onChange={(_, id: string) => select(id)}
              aria-label={DETAIL_TEXTS.chats}
              sx={{ ...tabsSx, flexShrink: 0 }}
            >
              {chats.map((t) => (
                <Tab key={t.id} value={t.id} data-tab={t.id} label={tabLabel(t)} />
              ))}
            </Tabs>
          )}
          {others.length > 0 && (
            <Tabs
              value={current && current.kind !== 'messages' ? current.id : false}
              onChange={(_, id: string) => select(id)}
              aria-label={DETAIL_TEXTS.others}
              sx={{ ...tabsSx, flex: '1 1 auto', minWidth: 0 }}
            >
              {others.map((t) => (
                <Tab key={t.id} value={t.id} data-tab={t.id} label={tabLabel(t)} />
              ))}
            </Tabs>
          )}
        </Box>
      )}
      {current ? (
        <DetailTabBody key={`${event.uuid}-${current.id}`} tab={current} event={event} editable={editable} />
      ) : (
        // a phone without a tab for this category: the detail itself ('Další nastavení' is desktop only)
        <EventReadOnly event={event} />
      )}
    </>
  );
}

export function EventDetailPanel() {
  const active = useActiveEvent();
  if (!active) return null;
  return (
    // fills the sidebar panel (a flex column); a chat tab takes the height left under the head and the tabs
    <Box data-testid="event-detail" sx={{ flex: '1 0 auto', display: 'flex', flexDirection: 'column' }}>
      {active.kind === 'local' ? (
        <EventForm key={active.event.uuid} event={active.event} />
      ) : (
        <SavedEventDetail key={active.event.uuid} event={active.event} />
      )}
    </Box>
  );
}
