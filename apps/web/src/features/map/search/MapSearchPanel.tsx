/**
 * The map search panel (001 §2, §4, §5): groups railway (default), address register (/) and trains (*,
 * numeric); 'Hledání v {group} objektech...'; the query is sent from 2 characters, 300 ms after typing stops,
 * and a new search cancels the previous; suggestions with keyboard up/down/Enter/Escape ('Nic nebylo nalezeno'
 * when the answer is empty); the list closes after a pick and on Escape (a second Escape, or Escape with no list,
 * closes the panel; typing or arrow down opens the list again); 10 per page with
 * Předchozí/Další; 'posledni dotaz: {query}'; chips of the chosen points, 'Odebrat vyhledávací pozici' and
 * 'Odebrat body'. A train result tracks that train and closes the search; other results become map points.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { SEARCH_DEBOUNCE, SEARCH_PAGE_SIZE } from '@panel/domain/constants';
import { formatDistance, texts } from '@panel/domain/locale';
import {
  SEARCH_GROUPS,
  isSearchable,
  roundCoordinate,
  searchQueryFor,
  type SearchGroupId,
  type SearchSuggestion,
} from '@panel/domain/map';
import { useUiStore } from '../../../stores/uiStore';
import { findEventByUuid, useEntitiesStore } from '../../../stores/entitiesStore';
import { useMapStore } from '../mapStore';
import { openAddressSearch, pickAddressForEvent } from './addressForEvent';
import { searchPlaces } from './searchApi';
import { belowNotice } from '../base/noticeInset';

const GROUP_NAMES: Record<SearchGroupId, string> = { railway: 'Železnice', address: 'Adresy', trains: 'Vlaky' }; // ours
export const ADDRESS_FOR = (title: string) => `Adresa a cíl události: ${title}`; // ours
const NEW_EVENT = 'nová událost'; // ours

export function suggestionSubtitle(s: SearchSuggestion): string {
  const place = [s.note, s.borough, s.town, s.district].filter(Boolean).join(', ');
  const distance = s.distance !== null && s.distance !== undefined ? formatDistance(s.distance) : '';
  return [place, distance].filter(Boolean).join(' · ');
}

export function MapSearchPanel() {
  const open = useMapStore((s) => s.searchOpen);
  const points = useMapStore((s) => s.points);
  const origin = useMapStore((s) => s.origin);
  const [groupId, setGroupId] = useState<SearchGroupId>('railway');
  const [input, setInput] = useState('');
  const [page, setPage] = useState(0);
  const [results, setResults] = useState<SearchSuggestion[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [selected, setSelected] = useState(0);
  const [loading, setLoading] = useState(false);
  const [lastQuery, setLastQuery] = useState<string | null>(null);
  /** the suggestion list (results or 'nothing found') is shown: a new answer opens it, a pick or Escape closes it */
  const [listOpen, setListOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const group = SEARCH_GROUPS.find((g) => g.id === groupId)!;
  const query = searchQueryFor(group, input);
  const addressSearch = useMapStore((s) => s.addressSearch);
  const isNewEvent = useUiStore((s) => Boolean(addressSearch && s.localEvents[addressSearch.eventUuid]));
  const addressEventTitle = useEntitiesStore((s) => {
    if (!addressSearch) return null;
    const e = findEventByUuid(s, addressSearch.eventUuid);
    return e?.header?.title?.value || e?.code || null;
  });

  // the event form's 'Adresa' opens this search (the handler lives while the map does)
  useEffect(() => {
    useUiStore.setState({ requestAddressSearch: openAddressSearch });
    return () => useUiStore.setState({ requestAddressSearch: undefined });
  }, []);

  // opened for an event's address: the address register, with what was typed as the query
  useEffect(() => {
    if (!addressSearch) return;
    setGroupId('address');
    setInput(addressSearch.text);
    setPage(0);
  }, [addressSearch]);

  // closing the search ends picking for the event
  useEffect(() => {
    if (!open && useMapStore.getState().addressSearch) useMapStore.getState().set({ addressSearch: null });
  }, [open]);

  useEffect(() => {
    if (open) setTimeout(() => inputRef.current?.focus(), 50);
  }, [open, addressSearch]);

  useEffect(() => {
    if (!open || !isSearchable(query)) {
      setResults([]);
      setTotal(null);
      setLoading(false);
      setListOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      searchPlaces({ term: query, typeCodes: group.typeCodes, origin, page, signal: controller.signal })
        .then((answer) => {
          setResults(answer.data);
          setTotal(answer.total);
          setSelected(0);
          setLastQuery(query);
          setListOpen(true);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.warn('[search] failed', error);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, SEARCH_DEBOUNCE);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query, group, origin, page]);

  if (!open) return null;

  function switchGroup(id: SearchGroupId) {
    const next = SEARCH_GROUPS.find((g) => g.id === id)!;
    setGroupId(id);
    setPage(0);
    // a numeric group keeps only the digits
    if (next.inputType === 'numeric') setInput(searchQueryFor(next, input));
  }

  function choose(s: SearchSuggestion) {
    const store = useMapStore.getState();
    setListOpen(false);
    if (store.addressSearch && s.type_code !== 'train') {
      void pickAddressForEvent(store.addressSearch.eventUuid, s);
      return;
    }
    if (s.type_code === 'train') {
      store.set({
        trackedTrain: String(s.name).replace(/\D+/g, '') || String(s.id),
        followTrain: true,
        searchOpen: false,
      });
      return;
    }
    const coordinates: [number, number] = [roundCoordinate(s.longitude), roundCoordinate(s.latitude)];
    store.addPoint({
      id: `${s.type_code}:${s.id}`,
      uuid: `${s.type_code}:${s.id}`,
      title: s.title || s.name,
      type_code: s.type_code,
      type: s.source ?? undefined,
      base_title: s.jpo_name ?? undefined,
      base_id: s.jpo_id ?? null,
      coordinates,
    });
    store.set({ autoCenter: true });
  }

  function onKey(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!listOpen && results.length) return setListOpen(true);
      setSelected((i) => Math.min(results.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setSelected((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (listOpen && results[selected]) choose(results[selected]);
    } else if (e.key === '/' && !input) {
      e.preventDefault();
      switchGroup('address');
    } else if (e.key === '*') {
      e.preventDefault();
      switchGroup(groupId === 'trains' ? 'railway' : 'trains');
    }
  }

  // Escape anywhere in the panel (also on a suggestion): first the list, then the panel
  function onPanelKey(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    if (listOpen) setListOpen(false);
    else useMapStore.getState().set({ searchOpen: false });
  }

  const pages = total !== null ? Math.ceil(total / SEARCH_PAGE_SIZE) : null;
  const hasNext = pages !== null ? page + 1 < pages : results.length === SEARCH_PAGE_SIZE;

  return (
    <Paper
      elevation={4}
      data-testid="map-search"
      onKeyDown={onPanelKey}
      sx={{
        position: 'absolute',
        top: belowNotice(12),
        left: 12,
        zIndex: 3,
        // a phone's map is narrower than the panel: it shrinks to the map's width
        width: 'min(360px, calc(100% - 24px))',
        maxHeight: 'calc(100% - 90px)',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box sx={{ p: 1 }}>
        {addressSearch && (
          <Typography
            variant="caption"
            component="div"
            color="primary"
            data-testid="address-search-for"
            sx={{ mb: 0.5 }}
          >
            {ADDRESS_FOR(isNewEvent ? NEW_EVENT : (addressEventTitle ?? ''))}
          </Typography>
        )}
        <ToggleButtonGroup
          exclusive
          size="small"
          value={groupId}
          onChange={(_, v: SearchGroupId | null) => v && switchGroup(v)}
          sx={{ mb: 1 }}
        >
          {SEARCH_GROUPS.map((g) => (
            <ToggleButton key={g.id} value={g.id} sx={{ py: 0.25, px: 1, textTransform: 'none' }}>
              {GROUP_NAMES[g.id]} ({g.key})
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          inputRef={inputRef}
          fullWidth
          size="small"
          value={input}
          placeholder={group.placeholder}
          onChange={(e) => {
            setInput(group.inputType === 'numeric' ? e.target.value.replace(/[^\d\s]/g, '') : e.target.value);
            setPage(0);
          }}
          onKeyDown={onKey}
          slotProps={{
            htmlInput: {
              'aria-label': group.placeholder,
              inputMode: group.inputType === 'numeric' ? 'numeric' : 'text',
            },
            input: { endAdornment: loading ? <CircularProgress size={16} /> : undefined },
          }}
        />
        {lastQuery && (
          <Typography variant="caption" color="text.secondary" data-testid="last-query">
            {texts.map.lastQuery(lastQuery)}
          </Typography>
        )}
      </Box>
      {listOpen && !loading && results.length === 0 && lastQuery === query && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ px: 2, pb: 1 }}>
          {texts.map.nothingFound}
        </Typography>
      )}
      {listOpen && results.length > 0 && (
        <List dense sx={{ overflowY: 'auto', flex: 1, py: 0 }} role="listbox" data-testid="search-results">
          {results.map((s, i) => (
            <ListItemButton
              key={`${s.type_code}:${s.id}`}
              selected={i === selected}
              role="option"
              aria-selected={i === selected}
              onClick={() => choose(s)}
              onMouseEnter={() => setSelected(i)}
            >
              <ListItemText primary={s.title || s.name} secondary={suggestionSubtitle(s)} />
            </ListItemButton>
          ))}
        </List>
      )}
      {listOpen && (page > 0 || hasNext) && (
        <Stack direction="row" sx={{ justifyContent: 'space-between', px: 1 }}>
          <Button size="small" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            {texts.map.previous}
          </Button>
          <Button size="small" disabled={!hasNext} onClick={() => setPage((p) => p + 1)}>
            {texts.map.next}
          </Button>
        </Stack>
      )}
      {(points.length > 0 || origin) && (
        <Box sx={{ p: 1, borderTop: 1, borderColor: 'divider' }}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mb: 0.5 }} data-testid="search-points">
            {points.map((p) => (
              <Chip key={p.id} size="small" label={p.title} onDelete={() => useMapStore.getState().removePoint(p.id)} />
            ))}
          </Stack>
          <Stack direction="row" spacing={1}>
            <Button size="small" disabled={!origin} onClick={() => useMapStore.getState().set({ origin: null })}>
              {texts.map.removeSearchPosition}
            </Button>
            <Button size="small" disabled={!points.length} onClick={() => useMapStore.getState().clearPoints()}>
              {texts.map.removePoints}
            </Button>
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
