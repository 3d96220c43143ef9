/**
 * A contact form field (name or number) with the directory autocomplete: GET /v2/contacts 300 ms after typing
 * (000 §7), failures silent. Choosing a hit fills both name and number.
 */
import { useEffect, useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { CONTACT_SEARCH_DEBOUNCE } from '@panel/domain/constants';
import { formatPhone } from '@panel/domain/locale';
import { searchDirectory, type DirectoryHit } from '../../api/contacts';
import { contactTexts } from './contactTexts';

const MIN_CHARS = 2;

/** Directory hits for the typed text, asked 300 ms after the last keystroke; [] below two characters. */
/**
 * The name and number a contact form types, and `pick` that fills both from a chosen directory hit (either field's
 * list fills the pair, so the two can never disagree after a pick). `field(by)` is what a `DirectoryField` of the
 * pair needs, so every form wires its two fields to the pair the same way.
 */
export function useNameNumber(initialName = '', initialNumber = '') {
  const [name, setName] = useState(initialName);
  const [number, setNumber] = useState(initialNumber);
  const pick = (hit: DirectoryHit) => {
    setName(hit.name ?? '');
    setNumber(hit.number ?? '');
  };
  const field = (by: 'name' | 'number') =>
    by === 'name'
      ? { by, label: contactTexts.nameLabel, value: name, onChange: setName, onPick: pick }
      : { by, label: contactTexts.numberLabel, value: number, onChange: setNumber, onPick: pick };
  return { name, setName, number, setNumber, pick, field };
}

export function useDirectorySearch(by: 'name' | 'number', text: string, enabled: boolean): DirectoryHit[] {
  const [hits, setHits] = useState<DirectoryHit[]>([]);
  const active = enabled && text.trim().length >= MIN_CHARS;
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void searchDirectory(by, text, controller.signal).then((rows) => {
        if (!controller.signal.aborted) setHits(rows);
      });
    }, CONTACT_SEARCH_DEBOUNCE);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [by, text, active]);
  return active ? hits : [];
}

export interface DirectoryFieldProps {
  by: 'name' | 'number';
  label: string;
  value: string;
  onChange: (value: string) => void;
  onPick: (hit: DirectoryHit) => void;
  error?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  name?: string;
}

export function DirectoryField({
  by,
  label,
  value,
  onChange,
  onPick,
  error,
  autoFocus,
  disabled,
  name,
}: DirectoryFieldProps) {
  const [focused, setFocused] = useState(false);
  const hits = useDirectorySearch(by, value, focused && !disabled);
  return (
    <Autocomplete<DirectoryHit, false, false, true>
      // the root takes the width it is given: in a row (the VZ dialog's form) an Autocomplete without it
      // shrinks to its input's minimum, 42 px, too narrow to type a number into
      fullWidth
      freeSolo
      disabled={disabled}
      options={hits}
      filterOptions={(x) => x}
      inputValue={value}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') onChange(text);
      }}
      onChange={(_, hit) => {
        if (hit && typeof hit === 'object') onPick(hit);
      }}
      getOptionLabel={(hit) => (typeof hit === 'string' ? hit : ((by === 'name' ? hit.name : hit.number) ?? ''))}
      renderOption={(props, hit) => (
        <li {...props} key={hit.id}>
          <Box>
            <Typography variant="body2">
              {hit.name} · {formatPhone(hit.number)}
            </Typography>
            {hit.description && (
              <Typography variant="caption" color="text.secondary">
                {hit.description}
              </Typography>
            )}
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size="small"
          margin="dense"
          fullWidth
          autoFocus={autoFocus}
          name={name}
          error={Boolean(error)}
          helperText={error || ' '}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, inputMode: by === 'number' ? 'tel' : 'text' },
          }}
        />
      )}
    />
  );
}
