/**
 * A day of the report's period as Czech text (DD.MM.YYYY, 000 §9): a native date input would show the browser's
 * UI format (e.g. 08/31/2026). The same behaviour as the calendar's field (features/calendar): typing and
 * Enter/leaving applies, the icon opens the browser's picker. The value is the wire's 'YYYY-MM-DD'.
 */
import { useRef, useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { parseCzechDay, czechDay } from '../calendar/CalendarDateField';
import { isoDay, parseIsoDay } from '../../stores/listStore';
import { listTexts } from '../events/list/listTexts';

export function DayField({ label, day, onChange }: { label: string; day: string; onChange: (day: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const invalid = draft !== null && parseCzechDay(draft) === null;
  const ms = parseIsoDay(day);
  const apply = () => {
    if (draft === null) return;
    const next = parseCzechDay(draft);
    if (next !== null) {
      setDraft(null);
      onChange(isoDay(next));
    }
  };
  return (
    <>
      <TextField
        size="small"
        label={label}
        value={draft ?? (ms === null ? '' : czechDay(ms))}
        error={invalid}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
          if (e.key === 'Escape') setDraft(null);
        }}
        sx={{ minWidth: 150, flex: '1 1 150px' }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', 'aria-invalid': invalid },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={`${listTexts.pickDate}: ${label}`}
                  onClick={() => picker.current?.showPicker?.()}
                >
                  <EventIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        value={day}
        onChange={(e) => {
          if (parseIsoDay(e.target.value) !== null) onChange(e.target.value);
        }}
        style={{ position: 'absolute', width: 0, height: 0, opacity: 0, pointerEvents: 'none' }}
      />
    </>
  );
}
