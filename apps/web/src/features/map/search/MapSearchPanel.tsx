/**
 * The map search panel (001 §2, §4, §5): groups railway (default), address register (/) and trains (*,
 * numeric); 'Hledání v {group} objektech...'; the query is sent from 2 characters, 300 ms after typing stops,
 * and a new search cancels the previous; suggestions with keyboard up/down/Enter/Escape; 10 per page with
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
import { SEARCH_GROUPS, isSearchable, roundCoordinate, searchQueryFor, type SearchGroupId } from '@panel/domain/map';
import { useMapStore } from '../mapStore';
import { searchPlaces, type SearchSuggestion } from './searchApi';

const GROUP_NAMES: Record<SearchGroupId, string> = { railway: 'Železnice', address: 'Adresy', trains: 'Vlaky' }; // ours

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
  const inputRef = useRef<HTMLInputElement | null>(null);
  const group = SEARCH_GROUPS.find((g) => g.id === groupId)!;
  const query = searchQueryFor(group, input);

  useEffect(() => {
    if (open) setTimeout(() => inputRef.current?.focus(), 50);
  }, [open]);

  useEffect(() => {
    if (!open || !isSearchable(query)) {
      setResults([]);
      setTotal(null);
      setLoading(false);
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
    if (s.type_code === 'train') {
      store.set({ trackedTrain: String(s.name).replace(/\D+/g, '') || String(s.id), searchOpen: false });
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
      setSelected((i) => Math.min(results.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setSelected((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (results[selected]) choose(results[selected]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      useMapStore.getState().set({ searchOpen: false });
    } else if (e.key === '/' && !input) {
      e.preventDefault();
      switchGroup('address');
    } else if (e.key === '*') {
      e.preventDefault();
      switchGroup(groupId === 'trains' ? 'railway' : 'trains');
    }
  }

  const pages = total !== null ? Math.ceil(total / SEARCH_PAGE_SIZE) : null;
  const hasNext = pages !== null ? page + 1 < pages : results.length === SEARCH_PAGE_SIZE;

  return (
    <Paper
      elevation={4}
      data-testid="map-search"
      sx={{
        position: 'absolute',
        top: 12,
        left: 12,
        zIndex: 3,
        width: 360,
        maxHeight: 'calc(100% - 90px)',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box sx={{ p: 1 }}>
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
          placeholder={texts.map.searchPlaceholder(group.label)}
          onChange={(e) => {
            setInput(group.inputType === 'numeric' ? e.target.value.replace(/[^\d\s]/g, '') : e.target.value);
            setPage(0);
          }}
          onKeyDown={onKey}
          slotProps={{
            htmlInput: {
              'aria-label': texts.map.searchPlaceholder(group.label),
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
      {results.length > 0 && (
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
      {(page > 0 || hasNext) && (
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
