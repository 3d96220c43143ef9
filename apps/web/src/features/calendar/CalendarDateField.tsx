/**
 * The calendar's date as Czech text (DD.MM.YYYY, 000 §9) — a native date input shows the browser's UI format
 * (e.g. 11/21/2026) whatever the page locale. Typing a date and Enter/leaving the field applies it; the icon
 * opens the browser's own date picker.
 */
import { useRef, useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { isoDay, parseIsoDay } from '../../stores/listStore';
import { listTexts } from '../events/list/listTexts';

const pad = (n: string) => n.padStart(2, '0');

/** 'D.M.YYYY' (spaces allowed after the dots) → start of that local day, or null. */
export function parseCzechDay(text: string): number | null {
  const m = /^\s*(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\s*$/.exec(text);
  if (!m) return null;
  const ms = parseIsoDay(`${m[3]}-${pad(m[2])}-${pad(m[1])}`);
  // 31.02. rolls over in Date: accept only a day that reads back the same
  return ms !== null && isoDay(ms) === `${m[3]}-${pad(m[2])}-${pad(m[1])}` ? ms : null;
}

export const czechDay = (ms: number) => isoDay(ms).split('-').reverse().join('.');

export function CalendarDateField({ day, onChange }: { day: number; onChange: (day: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const invalid = draft !== null && parseCzechDay(draft) === null;

  const apply = () => {
    if (draft === null) return;
    const next = parseCzechDay(draft);
    if (next !== null) {
      setDraft(null);
      onChange(next);
    }
  };

  return (
    <>
      <TextField
        size="small"
        label={listTexts.date}
        value={draft ?? czechDay(day)}
        error={invalid}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
          if (e.key === 'Escape') setDraft(null);
        }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', 'aria-invalid': invalid },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={listTexts.pickDate}
                  onClick={() => picker.current?.showPicker?.()}
                >
                  <EventIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
        sx={{ flexGrow: 1 }}
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        value={isoDay(day)}
        onChange={(e) => {
          const next = parseIsoDay(e.target.value);
          if (next !== null) onChange(next);
        }}
        style={{ position: 'absolute', width: 0, height: 0, opacity: 0, pointerEvents: 'none' }}
      />
    </>
  );
}
