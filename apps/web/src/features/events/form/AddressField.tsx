import { useUiStore } from '../../../stores/uiStore';
import { adornments, type InputProps } from './fieldProps';
import { FormTextField } from './FormTextField';

/** Address: a click opens the map's address search (the map issue sets the handler in the ui store). */
export function AddressField({ api, event, input, disabled }: InputProps) {
  const openSearch = () => {
    if (!disabled) useUiStore.getState().requestAddressSearch?.(event.uuid);
  };
  return (
    <FormTextField
      api={api}
      input={input}
      disabled={disabled}
      onClick={openSearch}
      slotProps={{ input: adornments(input, openSearch) }}
    />
  );
}
