/**
 * Event list of the sidebar (000 §2): search and filter chips on top, then the active events (not states 3–7,
 * newest start first) as event heads in a virtualized list that stays smooth with thousands of events.
 */
import { Box, Typography } from '@mui/material';
import { CustomFilterDialog } from './CustomFilterDialog';
import { EventFilterBar } from './EventFilterBar';
import { VirtualEventList } from './VirtualEventList';
import { listTexts } from './listTexts';
import { useFilteredEvents } from './useFilteredEvents';

export function EventList() {
  const { events, total, search } = useFilteredEvents();
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}
      data-testid="event-list"
      data-search={search}
    >
      <EventFilterBar shown={events.length} total={total} />
      {events.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }} variant="body2" data-testid="event-list-empty">
          {total ? listTexts.emptyFiltered : listTexts.empty}
        </Typography>
      ) : (
        <VirtualEventList events={events} testId="event-list-scroll" />
      )}
      <CustomFilterDialog />
    </Box>
  );
}
