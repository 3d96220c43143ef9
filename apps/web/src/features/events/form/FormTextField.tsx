/** A free-text input bound to the form: the shared frame of text, date-time and address inputs. */
import { TextField, type TextFieldProps } from '@mui/material';
import { Controller } from 'react-hook-form';
import { fieldFrame, type InputProps } from './fieldProps';

type Props = Pick<InputProps, 'api' | 'input' | 'disabled'> & Omit<TextFieldProps, 'name' | 'value' | 'disabled'>;

/** `extra` props (placeholder, multiline, slotProps, onClick …) are what one kind of input adds to the frame. */
export function FormTextField({ api, input, disabled, ...extra }: Props) {
  return (
    <Controller
      name={input.field}
      control={api.form.control}
      render={({ field }) => (
        <TextField
          {...field}
          value={(field.value as string | null) ?? ''}
          {...fieldFrame(api, input, disabled)}
          {...extra}
        />
      )}
    />
  );
}
