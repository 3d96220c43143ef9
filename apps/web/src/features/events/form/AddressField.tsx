import { TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useUiStore } from '../../../stores/uiStore';
import { adornments, errorOf, type InputProps } from './fieldProps';

/** Address: a click opens the map's address search (the map issue sets the handler in the ui store). */
export function AddressField({ api, event, input, disabled }: InputProps) {
  const error = errorOf(api, input.field);
  const openSearch = () => {
    if (!disabled) useUiStore.getState().requestAddressSearch?.(event.uuid);
  };
  return (
    <Controller
      name={input.field}
      control={api.form.control}
      render={({ field }) => (
        <TextField
          {...field}
          value={(field.value as string | null) ?? ''}
          label={input.label}
          required={Number(input.required) === 1}
          disabled={disabled}
          error={Boolean(error)}
          helperText={error}
          size="small"
          fullWidth
          onClick={openSearch}
          slotProps={{ input: adornments(input, openSearch) }}
        />
      )}
    />
  );
}
