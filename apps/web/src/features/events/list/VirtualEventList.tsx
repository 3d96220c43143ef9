/**
 * A virtualized column of event heads (@tanstack/react-virtual with measured row heights): only the rows in view
 * (plus a few) are in the DOM. Clicking a row makes its event active (a closed one opens in the view dialog).
 * Used by the event list and the calendar.
 */
import { memo, useRef } from 'react';
import { Box } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { INACTIVE_STATES } from '@panel/domain/constants';
import type { Event } from '@panel/domain/sync';
import { useUiStore } from '../../../stores/uiStore';
import { useAlertHighlight } from '../../alerts/alertService';
import { EventHead } from '../head/EventHead';

/** How long an accepted alert's event stays highlighted in the list (001 §4: highlight after 200 ms). */
export const HIGHLIGHT_MS = 4000;

/** First guess of a row's height before it is measured. */
const ESTIMATED_ROW = 92;

interface RowProps {
  event: Event;
  index: number;
  start: number;
  selected: boolean;
  measureRef: (node: HTMLElement | null) => void;
}

const EventListRow = memo(function EventListRow({ event, index, start, selected, measureRef }: RowProps) {
  const highlightAt = useAlertHighlight((s) => (s.uuid === event.uuid ? s.at : 0));
  const highlighted = highlightAt > 0 && Date.now() - highlightAt < HIGHLIGHT_MS;
  // a closed or removed event (the calendar shows them) cannot become active: it opens read-only in the view dialog
  const open = () =>
    INACTIVE_STATES.includes(event.eventStateId)
      ? useUiStore.getState().openEventView(event.uuid)
      : useUiStore.getState().setActiveEvent(event.uuid);
  const headId = `event-row-head-${event.uuid}`;
  return (
    // not a button itself: the head holds buttons of its own (the commander, linked events), and a button inside a
    // button is unreachable for a screen reader (axe nested-interactive, issue 24 item 7). A real button fills the
    // row beneath the head for the keyboard and screen readers; a click on the head reaches the row's onClick.
    <Box
      ref={measureRef}
      data-index={index}
      data-testid="event-row"
      data-highlighted={highlighted || undefined}
      onClick={open}
      sx={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        px: 1.5,
        py: 1,
        cursor: 'pointer',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: selected ? 'action.selected' : undefined,
        '&:hover': { bgcolor: 'action.hover' },
        ...(highlighted && {
          animation: `alert-highlight ${HIGHLIGHT_MS}ms ease-out`,
          '@keyframes alert-highlight': {
            '0%, 40%': { backgroundColor: 'rgba(255, 193, 7, 0.55)' },
            '100%': { backgroundColor: 'transparent' },
          },
        }),
      }}
      style={{ transform: `translateY(${start}px)` }}
    >
      <Box
        component="button"
        type="button"
        data-testid="event-row-open"
        aria-labelledby={headId}
        aria-current={selected || undefined}
        sx={{
          position: 'absolute',
          inset: 0,
          p: 0,
          border: 0,
          bgcolor: 'transparent',
          cursor: 'pointer',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      />
      <Box id={headId} sx={{ position: 'relative', zIndex: 1 }}>
        <EventHead event={event} />
      </Box>
    </Box>
  );
});

export function VirtualEventList({ events, testId }: { events: Event[]; testId?: string }) {
  const activeUuid = useUiStore((s) => s.activeEventUuid);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: events.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW,
    getItemKey: (index) => events[index]?.uuid ?? index,
    overscan: 4,
    useFlushSync: false,
  });
  return (
    <Box ref={scrollRef} data-testid={testId} sx={{ flexGrow: 1, minHeight: 0, overflow: 'auto', contain: 'strict' }}>
      <Box sx={{ height: virtualizer.getTotalSize(), width: '100%', position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const event = events[item.index];
          return (
            <EventListRow
              key={item.key}
              event={event}
              index={item.index}
              start={item.start}
              selected={event.uuid === activeUuid}
              measureRef={virtualizer.measureElement}
            />
          );
        })}
      </Box>
    </Box>
  );
}
