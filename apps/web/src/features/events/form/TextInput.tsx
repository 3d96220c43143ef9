import { TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { adornments, errorOf, type InputProps } from './fieldProps';

/** A text input of the category; `view: 'textarea'` and description are 3 to 8 rows (000 §2). */
export function TextInput({ api, input, disabled }: InputProps) {
  const multiline = input.view === 'textarea' || input.field === 'description';
  const error = errorOf(api, input.field);
  return (
    <Controller
      name={input.field}
      control={api.form.control}
      render={({ field }) => (
        <TextField
          {...field}
          value={(field.value as string | null) ?? ''}
          label={input.label}
          title={input.title ?? undefined}
          required={Number(input.required) === 1}
          disabled={disabled}
          error={Boolean(error)}
          helperText={error}
          size="small"
          fullWidth
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          maxRows={multiline ? 8 : undefined}
          slotProps={{ input: adornments(input) }}
        />
      )}
    />
  );
}
