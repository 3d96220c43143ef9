import { adornments, type InputProps } from './fieldProps';
import { FormTextField } from './FormTextField';

/** A text input of the category; `view: 'textarea'` and description are 3 to 8 rows (000 §2). */
export function TextInput({ api, input, disabled }: InputProps) {
  const multiline = input.view === 'textarea' || input.field === 'description';
  return (
    <FormTextField
      api={api}
      input={input}
      disabled={disabled}
      title={input.title ?? undefined}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      maxRows={multiline ? 8 : undefined}
      slotProps={{ input: adornments(input) }}
    />
  );
}
