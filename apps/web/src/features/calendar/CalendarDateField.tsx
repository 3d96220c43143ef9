/**
 * The calendar's date as Czech text (DD.MM.YYYY, 000 §9) — a native date input shows the browser's UI format
 * (e.g. 11/21/2026) whatever the page locale. Typing a date and Enter/leaving the field applies it; the icon
 * opens the browser's own date picker.
 */
import { useRef, useState } from 'react';
import { IconButton, InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
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

interface CzechDayFieldProps {
  label: string;
  /** the day as the wire's 'YYYY-MM-DD' ('' for none) */
  day: string;
  onChange: (day: string) => void;
  /** the picker button's accessible name (several fields on one screen: say which) */
  pickLabel?: string;
  sx?: SxProps<Theme>;
}

/**
 * A day typed as Czech text with the browser's own picker behind the icon — the calendar's date, the report's
 * period. Typing and Enter/leaving the field applies a valid day; Escape drops the typing.
 */
export function CzechDayField({ label, day, onChange, pickLabel = listTexts.pickDate, sx }: CzechDayFieldProps) {
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
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', 'aria-invalid': invalid },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={pickLabel}
                  onClick={() => picker.current?.showPicker?.()}
                >
                  <EventIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
        sx={sx}
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

/** The calendar's date (the start of a local day, ms). */
export function CalendarDateField({ day, onChange }: { day: number; onChange: (day: number) => void }) {
  return (
    <CzechDayField
      label={listTexts.date}
      day={isoDay(day)}
      onChange={(next) => {
        const ms = parseIsoDay(next);
        if (ms !== null) onChange(ms);
      }}
      sx={{ flexGrow: 1 }}
    />
  );
}
