/** Search field (300 ms debounce happens in the list) and filter chips from settings plus 'custom' (000 §2). */
import { Box, Chip, IconButton, InputAdornment, TextField, Typography } from '@mui/material';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import { CUSTOM_FILTER, useListStore } from '../../../stores/listStore';
import { useIsMobile } from '../../../ui/useIsMobile';
import { customFilterActive } from './filterEvents';
import { listTexts } from './listTexts';
import { useEventFilters } from './useFilteredEvents';

export function EventFilterBar({ shown, total }: { shown: number; total: number }) {
  const filters = useEventFilters();
  const search = useListStore((s) => s.search);
  const filterCode = useListStore((s) => s.filterCode);
  const custom = useListStore((s) => s.custom);
  const { setSearch, setFilterCode, setCustomOpen } = useListStore.getState();
  const customActive = customFilterActive(custom);
  // on a phone the chips show only when the rail's filter button opened them
  const filtersOpen = useListStore((s) => s.filtersOpen);
  const mobile = useIsMobile();

  return (
    <Box sx={{ px: 1.5, pt: 1, pb: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <TextField
          size="small"
          fullWidth
          placeholder={listTexts.search}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': listTexts.search },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: search ? (
                <InputAdornment position="end">
                  <IconButton size="small" aria-label={listTexts.clearSearch} onClick={() => setSearch('')}>
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        <Typography variant="caption" color="text.secondary" data-testid="list-count" sx={{ whiteSpace: 'nowrap' }}>
          {listTexts.count(shown, total)}
        </Typography>
      </Box>
      <Box
        sx={{ display: mobile && !filtersOpen ? 'none' : 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.75 }}
        role="radiogroup"
        aria-label="Filtry"
      >
        {filters.map((filter) => {
          const selected = filterCode === filter.code;
          return (
            <Chip
              key={filter.code}
              size="small"
              label={filter.name}
              color={selected ? 'primary' : 'default'}
              variant={selected ? 'filled' : 'outlined'}
              // a single choice: radios, which also keeps a chip named 'Události' apart from the rail button
              role="radio"
              aria-checked={selected}
              onClick={() => setFilterCode(selected ? null : filter.code)}
            />
          );
        })}
        <Chip
          size="small"
          icon={<TuneIcon />}
          label={listTexts.custom}
          color={filterCode === CUSTOM_FILTER ? 'primary' : 'default'}
          variant={filterCode === CUSTOM_FILTER ? 'filled' : 'outlined'}
          aria-haspopup="dialog"
          aria-pressed={filterCode === CUSTOM_FILTER}
          sx={customActive && filterCode !== CUSTOM_FILTER ? { borderStyle: 'dashed' } : undefined}
          onClick={() => {
            setFilterCode(CUSTOM_FILTER);
            setCustomOpen(true);
          }}
        />
      </Box>
    </Box>
  );
}
