/**
 * Calendar sidebar (001 §2): previous/next day, a date picker with 'Dnes', a search over the header values
 * (case- and accent-insensitive) and the day's events from GET /v2/events/list (closed ones too), sorted by start
 * and id descending, each an event head; clicking one makes it active.
 */
import { useEffect, useMemo } from 'react';
import { Alert, Box, Button, CircularProgress, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { startOfDay, useListStore } from '../../stores/listStore';
import { useUiStore } from '../../stores/uiStore';
import { CalendarDateField } from './CalendarDateField';
import { VirtualEventList } from '../events/list/VirtualEventList';
import { compareByStartDesc } from '../events/list/filterEvents';
import { listTexts } from '../events/list/listTexts';
import { headerHaystack, matchesQuery } from '../events/list/searchText';

export function CalendarPanel() {
  const day = useUiStore((s) => s.calendarDate);
  const search = useListStore((s) => s.calendarSearch);
  const loaded = useListStore((s) => s.calendarEvents);
  const status = useListStore((s) => s.calendarStatus);
  const error = useListStore((s) => s.calendarError);
  const { setCalendarDate, shiftCalendarDay, setCalendarSearch, loadCalendar } = useListStore.getState();

  useEffect(() => {
    void useListStore.getState().loadCalendar(day);
  }, [day]);

  const events = useMemo(() => {
    const query = search.trim();
    const rows = query ? loaded.filter((e) => matchesQuery(headerHaystack(e), query)) : [...loaded];
    return rows.sort(compareByStartDesc);
  }, [loaded, search]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }} data-testid="calendar-panel">
      <Box sx={{ px: 1.5, pt: 1, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Tooltip title={listTexts.previousDay}>
            <IconButton size="small" aria-label={listTexts.previousDay} onClick={() => shiftCalendarDay(-1)}>
              <ChevronLeftIcon />
            </IconButton>
          </Tooltip>
          <CalendarDateField day={day} onChange={setCalendarDate} />
          <Tooltip title={listTexts.nextDay}>
            <IconButton size="small" aria-label={listTexts.nextDay} onClick={() => shiftCalendarDay(1)}>
              <ChevronRightIcon />
            </IconButton>
          </Tooltip>
          <Button size="small" variant="outlined" onClick={() => setCalendarDate(startOfDay(Date.now()))}>
            {listTexts.today}
          </Button>
        </Box>
        <TextField
          size="small"
          fullWidth
          placeholder={listTexts.search}
          value={search}
          onChange={(e) => setCalendarSearch(e.target.value)}
          slotProps={{ htmlInput: { 'aria-label': listTexts.search } }}
          sx={{ mt: 1 }}
        />
      </Box>
      {status === 'loading' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }} role="status">
          <CircularProgress size={18} />
          <Typography variant="body2">{listTexts.loading}</Typography>
        </Box>
      )}
      {status === 'error' && (
        <Alert
          severity="error"
          sx={{ m: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={() => void loadCalendar(day)}>
              {listTexts.retry}
            </Button>
          }
        >
          {listTexts.loadFailed(error ?? '')}
        </Alert>
      )}
      {status === 'done' && events.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }} variant="body2">
          {loaded.length ? listTexts.emptyFiltered : listTexts.empty}
        </Typography>
      )}
      {status === 'done' && events.length > 0 && <VirtualEventList events={events} testId="calendar-list" />}
    </Box>
  );
}
