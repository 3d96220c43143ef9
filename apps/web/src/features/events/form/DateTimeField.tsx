import { TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { DATE_TIME_FORMAT } from '@panel/domain/constants';
import { adornments, errorOf, type InputProps } from './fieldProps';

/** Start or end time typed as 'DD.MM.YYYY HH:mm' (000 §5, §9). */
export function DateTimeField({ api, input, disabled }: InputProps) {
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
          placeholder={DATE_TIME_FORMAT}
          required={Number(input.required) === 1}
          disabled={disabled}
          error={Boolean(error)}
          helperText={error}
          size="small"
          fullWidth
          slotProps={{ input: adornments(input), htmlInput: { inputMode: 'numeric', maxLength: 16 } }}
        />
      )}
    />
  );
}
