import { MenuItem, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { fieldFrame, type InputProps } from './fieldProps';

export interface Option {
  id: number;
  name: string;
}

/** A single choice from a catalogue (service, event type, priority, category). */
export function IdSelect({
  api,
  input,
  disabled,
  options,
  onChange,
}: InputProps & { options: Option[]; onChange?: (id: number | null) => void }) {
  return (
    <Controller
      name={input.field}
      control={api.form.control}
      render={({ field }) => (
        <TextField
          select
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          value={field.value ?? ''}
          onChange={(e) => {
            const id = e.target.value === '' ? null : Number(e.target.value);
            if (onChange) onChange(id);
            else field.onChange(id);
          }}
          {...fieldFrame(api, input, disabled)}
        >
          <MenuItem value="">
            <em>—</em>
          </MenuItem>
          {options.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
