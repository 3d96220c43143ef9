/**
 * A small select of one catalogue item (category, event type, terrain, base …) for the admin dialogs' forms:
 * the value is the id as a string ('' for none), `anyLabel` names the empty choice ("any type", "all bases")
 * so it reads as a choice rather than an empty field, and a field error shows under it.
 */
import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';

export interface CatalogueItem {
  id: number;
  name: string;
}

interface Props {
  label: string;
  value: string;
  items: CatalogueItem[];
  onChange: (value: string) => void;
  error?: string;
  /** the label of the empty choice; without it there is none */
  anyLabel?: string;
  testId?: string;
  sx?: SxProps<Theme>;
}

export function CatalogueSelect({ label, value, items, onChange, error, anyLabel, testId, sx }: Props) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error}
      sx={sx}
      slotProps={{
        ...(testId ? { htmlInput: { 'data-testid': testId } } : {}),
        ...(anyLabel !== undefined ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : {}),
      }}
    >
      {anyLabel !== undefined && <MenuItem value="">{anyLabel}</MenuItem>}
      {items.map((item) => (
        <MenuItem key={item.id} value={String(item.id)}>
          {item.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
