import { useState } from 'react';
import { Badge, Box, IconButton, Tooltip } from '@mui/material';
import AddIcCallIcon from '@mui/icons-material/AddIcCall';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import FilterListIcon from '@mui/icons-material/FilterList';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { TAB_ICON_SIZE } from '@panel/domain/constants';
import { markAllMessagesRead } from '../../api/messages';
import { ApiError, messageOf } from '../../api/client';
import { selectActiveEventCount, selectUnreadTotal, useEntitiesStore } from '../../stores/entitiesStore';
import { useUiStore } from '../../stores/uiStore';
import { useAbility } from '../../stores/useAbility';
import { t } from '../../texts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toasts';
import { useClickHandler } from '../../ui/useClickHandler';
import { useIsMobile } from '../../ui/useIsMobile';
import { useListStore } from '../../stores/listStore';

const SIDEBAR_TEXTS = { filters: 'Filtry událostí', nav: 'Hlavní nabídka' } as const; // ours
const EVENTS_COUNT_ID = 'sidebar-events-count';

async function markAllRead() {
  try {
    await markAllMessagesRead();
    toast.success(t.shell.markAllReadDone);
  } catch (error) {
    toast.error((error instanceof ApiError && messageOf(error.body)) || String(error));
  }
}

/**
 * The new-message pulse of the Events button (001 §2): a ring that keeps pulsing while any active event has an
 * unread message, so a message that came while the dispatcher looked elsewhere is not missed. With reduced
 * motion the ring stays, without the animation.
 */
const pulse = {
  '&::after': {
    content: '""',
    position: 'absolute',
    inset: 2,
    borderRadius: 1,
    border: '2px solid #ff5252',
    animation: 'events-pulse 1.4s ease-out infinite',
    pointerEvents: 'none',
  },
  '@keyframes events-pulse': {
    '0%': { opacity: 1, transform: 'scale(0.85)' },
    '100%': { opacity: 0, transform: 'scale(1.2)' },
  },
  '@media (prefers-reduced-motion: reduce)': { '&::after': { animation: 'none' } },
} as const;

const railButton = {
  // 001 §9 tab icon size 29: the rail's buttons switch the sidebar's tabs (events, calendar)
  '& .MuiSvgIcon-root': { fontSize: TAB_ICON_SIZE },
  color: 'rgba(255,255,255,0.75)',
  borderRadius: 1,
  '&.active': { color: '#fff', bgcolor: 'rgba(255,255,255,0.14)' },
};

/** Left icon rail (001 §2): Events (count; single click list, double click mark all read), Calendar, Příjem volání. */
export function Sidebar() {
  const ability = useAbility();
  const count = useEntitiesStore(selectActiveEventCount);
  const unread = useEntitiesStore(selectUnreadTotal);
  const sidebar = useUiStore((s) => s.sidebar);
  const sidebarOpen = useUiStore((s) => s.sidebarOpen);
  const showEventList = useUiStore((s) => s.showEventList);
  const showCalendar = useUiStore((s) => s.showCalendar);
  const createLocalEvent = useUiStore((s) => s.createLocalEvent);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const mobile = useIsMobile(); // 001 §2: no calendar button on mobile, a filter button instead
  const filtersOpen = useListStore((s) => s.filtersOpen);
  const handleEventsClick = useClickHandler(showEventList, () => setConfirmOpen(true));
  const tooltipPlacement = mobile ? 'top' : 'right';

  return (
    <Box
      component="nav"
      aria-label={SIDEBAR_TEXTS.nav}
      // on a phone the rail is a bar under the content, so the chat and its message box get the whole width
      sx={
        mobile
          ? {
              order: 1,
              height: 56,
              flexShrink: 0,
              bgcolor: '#262b33',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-around',
              px: 1,
            }
          : {
              width: 56,
              flexShrink: 0,
              bgcolor: '#262b33',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 1,
              py: 1,
            }
      }
    >
      {/* the count sits beside the button, not in it: the button's name stays 'Události' (axe
          label-content-name-mismatch: a visible text inside a button must be part of its name), and the
          count is the button's description */}
      <Badge
        badgeContent={count}
        color="error"
        max={999}
        showZero
        data-testid="events-count"
        overlap="circular"
        slotProps={{ badge: { id: EVENTS_COUNT_ID } }}
      >
        <Tooltip title={t.shell.events} placement={tooltipPlacement}>
          <IconButton
            aria-label={t.shell.events}
            aria-describedby={EVENTS_COUNT_ID}
            className={sidebar === 'event' && sidebarOpen ? 'active' : undefined}
            onClick={handleEventsClick}
            data-new-messages={unread > 0 ? unread : undefined}
            sx={unread > 0 ? { ...railButton, ...pulse } : railButton}
          >
            <ListAltIcon />
          </IconButton>
        </Tooltip>
      </Badge>
      {ability.can('view', 'Event') && !mobile && (
        <Tooltip title={t.shell.calendar} placement={tooltipPlacement}>
          <IconButton
            aria-label={t.shell.calendar}
            className={sidebar === 'calendar' && sidebarOpen ? 'active' : undefined}
            onClick={showCalendar}
            sx={railButton}
          >
            <CalendarMonthIcon />
          </IconButton>
        </Tooltip>
      )}
      {mobile && (
        // 001 §2: on a phone a filter button opens the list's filter chips
        <Tooltip title={SIDEBAR_TEXTS.filters} placement={tooltipPlacement}>
          <IconButton
            aria-label={SIDEBAR_TEXTS.filters}
            aria-pressed={filtersOpen}
            className={filtersOpen ? 'active' : undefined}
            onClick={() => {
              useListStore.getState().toggleFilters();
              if (!(sidebar === 'event' && sidebarOpen)) showEventList();
            }}
            sx={railButton}
          >
            <FilterListIcon />
          </IconButton>
        </Tooltip>
      )}
      {ability.can('create', 'Event') && (
        <Tooltip title={t.shell.receiveCall} placement={tooltipPlacement}>
          <IconButton
            aria-label={t.shell.receiveCall}
            onClick={() => createLocalEvent()}
            sx={{ ...railButton, color: '#ff8a80' }}
          >
            <AddIcCallIcon />
          </IconButton>
        </Tooltip>
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={t.shell.markAllReadTitle}
        text={t.shell.markAllReadText}
        confirmLabel={t.shell.yes}
        cancelLabel={t.shell.no}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => void markAllRead()}
      />
    </Box>
  );
}
