import { DATE_TIME_FORMAT } from '@panel/domain/constants';
import { adornments, type InputProps } from './fieldProps';
import { FormTextField } from './FormTextField';

/** Start or end time typed as 'DD.MM.YYYY HH:mm' (000 §5, §9). */
export function DateTimeField({ api, input, disabled }: InputProps) {
  return (
    <FormTextField
      api={api}
      input={input}
      disabled={disabled}
      placeholder={DATE_TIME_FORMAT}
      slotProps={{ input: adornments(input), htmlInput: { inputMode: 'numeric', maxLength: 16 } }}
    />
  );
}
