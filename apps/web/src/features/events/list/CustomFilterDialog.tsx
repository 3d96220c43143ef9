/**
 * Custom filter dialog (000 §2): calamity switch (hides unclosed events with no activity, keeps category types
 * event, call, chat), a text field, multi-selects of categories, event types, units, priorities and tags; clear
 * and close. Changes apply at once (the list re-filters behind the dialog).
 */
import { useMemo } from 'react';
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { isTagVisible } from '@panel/domain/events';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useListStore, type CustomFilter } from '../../../stores/listStore';
import { listTexts } from './listTexts';

interface Option {
  id: number;
  label: string;
}

type MultiKey = 'categoryIds' | 'eventTypeIds' | 'baseIds' | 'priorityIds' | 'tagIds';

function MultiSelect({
  label,
  options,
  field,
  value,
}: {
  label: string;
  options: Option[];
  field: MultiKey;
  value: number[];
}) {
  const selected = useMemo(() => options.filter((o) => value.includes(o.id)), [options, value]);
  return (
    <Autocomplete
      multiple
      size="small"
      limitTags={3}
      options={options}
      value={selected}
      disableCloseOnSelect
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, next) => useListStore.getState().setCustom({ [field]: next.map((o) => o.id) })}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

/** The multi-selects in the dialog's order: the filter field each sets, its label and the options it offers. */
const MULTI_SELECTS = [
  { field: 'categoryIds', label: listTexts.categories, options: 'categories' },
  { field: 'eventTypeIds', label: listTexts.eventTypes, options: 'eventTypes' },
  { field: 'baseIds', label: listTexts.bases, options: 'bases' },
  { field: 'priorityIds', label: listTexts.priorities, options: 'priorities' },
  { field: 'tagIds', label: listTexts.tags, options: 'tags' },
] as const satisfies readonly { field: MultiKey; label: string; options: string }[];

function sortedOptions<T extends { id: number }>(
  rows: Record<number, T>,
  label: (row: T) => string,
  sort?: (row: T) => number,
) {
  return Object.values(rows)
    .sort((a, b) => (sort ? sort(a) - sort(b) : 0) || label(a).localeCompare(label(b), 'cs'))
    .map((row) => ({ id: row.id, label: label(row) }));
}

export function CustomFilterDialog() {
  const open = useListStore((s) => s.customOpen);
  const custom: CustomFilter = useListStore((s) => s.custom);
  const categories = useEntitiesStore((s) => s.eventCategories);
  const eventTypes = useEntitiesStore((s) => s.eventTypes);
  const bases = useEntitiesStore((s) => s.bases);
  const priorities = useEntitiesStore((s) => s.priorities);
  const tags = useEntitiesStore((s) => s.tags);
  const baseId = useAuthStore((s) => s.user?.baseId ?? null);
  const { setCustom, clearCustom, setCustomOpen } = useListStore.getState();

  const options = useMemo(
    () => ({
      categories: sortedOptions(
        categories,
        (c) => c.name,
        (c) => c.sort,
      ),
      eventTypes: sortedOptions(eventTypes, (t) => t.name),
      bases: sortedOptions(bases, (b) => (b.code ? `${b.code} – ${b.name}` : b.name)),
      priorities: sortedOptions(
        priorities,
        (p) => p.name,
        (p) => p.sort,
      ),
      tags: sortedOptions(
        Object.fromEntries(Object.entries(tags).filter(([, tag]) => isTagVisible(tag, { baseId }))),
        (t) => t.name,
      ),
    }),
    [categories, eventTypes, bases, priorities, tags, baseId],
  );

  return (
    <Dialog
      open={open}
      onClose={() => setCustomOpen(false)}
      fullWidth
      maxWidth="xs"
      aria-labelledby="custom-filter-title"
    >
      <DialogTitle id="custom-filter-title">{listTexts.customTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <div>
            <FormControlLabel
              control={<Switch checked={custom.calamity} onChange={(e) => setCustom({ calamity: e.target.checked })} />}
              label={listTexts.calamity}
            />
            <Typography variant="caption" color="text.secondary" component="div">
              {listTexts.calamityHint}
            </Typography>
          </div>
          <TextField
            size="small"
            label={listTexts.text}
            value={custom.text}
            onChange={(e) => setCustom({ text: e.target.value })}
          />
          {MULTI_SELECTS.map(({ field, label, options: from }) => (
            <MultiSelect key={field} label={label} options={options[from]} field={field} value={custom[field]} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={clearCustom}>{listTexts.clear}</Button>
        <Button variant="contained" onClick={() => setCustomOpen(false)}>
          {listTexts.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
