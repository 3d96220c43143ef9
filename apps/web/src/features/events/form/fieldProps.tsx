/** Shared props of the form's inputs: label with required mark, error text, prepend/append icons. */
import { InputAdornment } from '@mui/material';
import type { FormInput } from '@panel/domain/events';
import type { AnyEvent, EventFormApi } from './useEventForm';
import { CatalogueIcon, hasIcon } from './icons';

export interface InputProps {
  api: EventFormApi;
  event: AnyEvent;
  input: FormInput;
  disabled: boolean;
}

export function adornments(input: FormInput, onAppendClick?: () => void) {
  return {
    startAdornment: hasIcon(input.prepend) ? (
      <InputAdornment position="start">
        <CatalogueIcon name={input.prepend} fontSize="small" />
      </InputAdornment>
    ) : undefined,
    endAdornment: hasIcon(input.append) ? (
      <InputAdornment position="end" onClick={onAppendClick} sx={{ cursor: onAppendClick ? 'pointer' : undefined }}>
        <CatalogueIcon name={input.append} fontSize="small" />
      </InputAdornment>
    ) : undefined,
  };
}

export function errorOf(api: EventFormApi, field: string): string | undefined {
  const e = api.form.formState.errors[field];
  return typeof e?.message === 'string' ? e.message : undefined;
}

/**
 * The TextField props every input of the form shares: label, required mark, error text, size. One place so that
 * the inputs cannot drift apart in how they show a required field or an error.
 */
export function fieldFrame(api: EventFormApi, input: FormInput, disabled: boolean) {
  const error = errorOf(api, input.field);
  return {
    label: input.label,
    required: Number(input.required) === 1,
    disabled,
    error: Boolean(error),
    helperText: error,
    size: 'small' as const,
    fullWidth: true,
  };
}

export const fieldSx = { mt: 1 };
