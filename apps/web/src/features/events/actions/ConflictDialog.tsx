/** 409 on save: someone saved the event meanwhile. Lists what differs (field: mine → theirs). */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { CategoryInput, Event } from '@panel/domain/sync';
import { eventChanges } from '@panel/domain/events';
import { formatDateTime } from '@panel/domain/locale';
import type { Conflict } from './useSaveEvent';
import { dialogPaper } from '../../../ui/dialogWidths';

export const CONFLICT_TEXTS = {
  title: 'Událost mezitím změnil jiný dispečer', // ours
  text: 'Vaše úpravy se liší od uložené verze v těchto polích:', // ours
  field: 'Pole', // ours
  mine: 'Moje', // ours
  theirs: 'Jejich', // ours
  takeTheirs: 'Převzít jejich',
  overwrite: 'Přepsat',
} as const;

const WIRE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;

/** A value as the user reads it: times as DD.MM.YYYY HH:mm, lists joined, nothing as '—'. */
const show = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'string' && WIRE_TIME.test(v)) return formatDateTime(v);
  return String(v);
};

export function ConflictDialog({
  conflict,
  inputs,
  onTakeTheirs,
  onOverwrite,
  onClose,
}: {
  conflict: Conflict | null;
  inputs: Record<string, CategoryInput> | undefined;
  onTakeTheirs: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  const changes = conflict ? eventChanges(conflict.mine, conflict.theirs as Event & Record<string, unknown>) : [];
  return (
    <Dialog open={conflict !== null} onClose={onClose} maxWidth={false} fullWidth slotProps={dialogPaper('medium')}>
      <DialogTitle>{CONFLICT_TEXTS.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{CONFLICT_TEXTS.text}</DialogContentText>
        <Table size="small" aria-label={CONFLICT_TEXTS.title}>
          <TableHead>
            <TableRow>
              <TableCell>{CONFLICT_TEXTS.field}</TableCell>
              <TableCell>{CONFLICT_TEXTS.mine}</TableCell>
              <TableCell>{CONFLICT_TEXTS.theirs}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.map((c) => (
              <TableRow key={c.field}>
                <TableCell>{inputs?.[c.field]?.label ?? c.field}</TableCell>
                <TableCell>{show(c.mine)}</TableCell>
                <TableCell>{show(c.theirs)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onTakeTheirs}>{CONFLICT_TEXTS.takeTheirs}</Button>
        <Button variant="contained" color="warning" onClick={onOverwrite}>
          {CONFLICT_TEXTS.overwrite}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
