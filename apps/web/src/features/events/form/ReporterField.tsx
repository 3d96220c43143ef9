/**
 * Reporter number or name with the contact search (GET /v2/contacts, 300 ms after typing; failures silent).
 * Choosing a contact fills number, name (upper-cased) and, when empty, the reporter description.
 */
import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import type { DirectoryHit } from '../../../api/contacts';
import { useDirectorySearch } from '../../contacts/DirectoryField';
import { adornments, errorOf, type InputProps } from './fieldProps';

/** digits (with spaces or a leading +) search by number, anything else by name */
const searchKeyOf = (text: string): 'name' | 'number' => (/^[+\d\s]+$/.test(text.trim()) ? 'number' : 'name');

const labelOf = (hit: DirectoryHit | string): string =>
  typeof hit === 'string' ? hit : [hit.number, hit.name].filter(Boolean).join(' · ');

export function ReporterField({ api, input, disabled }: InputProps) {
  const [typed, setTyped] = useState('');
  const [focused, setFocused] = useState(false);
  const hits = useDirectorySearch(searchKeyOf(typed), typed, focused && !disabled);
  const error = errorOf(api, input.field);
  const isName = input.field === 'reporterName';

  const choose = (hit: DirectoryHit) => {
    const opts = { shouldDirty: true };
    if (hit.number) api.form.setValue('reporterNumber', hit.number, opts);
    if (hit.name) api.form.setValue('reporterName', hit.name.toUpperCase(), opts);
    if (hit.description && !api.form.getValues('reporterDescription')) {
      api.form.setValue('reporterDescription', hit.description, opts);
    }
  };

  return (
    <Controller
      name={input.field}
      control={api.form.control}
      render={({ field }) => (
        <Autocomplete<DirectoryHit, false, false, true>
          freeSolo
          disabled={disabled}
          options={hits}
          filterOptions={(x) => x}
          getOptionLabel={labelOf}
          renderOption={(props, hit) => (
            <li {...props} key={hit.id}>
              {labelOf(hit)}
              {hit.description ? ` — ${hit.description}` : ''}
            </li>
          )}
          inputValue={(field.value as string | null) ?? ''}
          onInputChange={(_, value, reason) => {
            if (reason === 'reset') return;
            field.onChange(isName ? value.toUpperCase() : value);
            setTyped(value);
          }}
          onChange={(_, value) => {
            if (value && typeof value !== 'string') choose(value);
          }}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            field.onBlur();
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              name={field.name}
              label={input.label}
              required={Number(input.required) === 1}
              error={Boolean(error)}
              helperText={error}
              size="small"
              slotProps={{
                ...params.slotProps,
                input: { ...params.slotProps.input, startAdornment: adornments(input).startAdornment },
              }}
            />
          )}
        />
      )}
    />
  );
}
