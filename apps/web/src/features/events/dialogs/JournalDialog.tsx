/** Event journal (000 §2; view Debug): id, uuid, created/inserted/started/ended and the history table. */
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress } from '@mui/material';
import { formatDateTime, fromWireTime } from '@panel/domain/locale';
import { JournalTable } from './JournalTable';
import { useJournal } from './useJournal';
import { dialogPaper } from '../../../ui/dialogWidths';

export const JOURNAL_TEXTS = {
  title: 'Žurnál události', // ours
  createdAt: 'Vytvořeno', // ours
  insertedAt: 'Vloženo', // ours
  startedAt: 'Zahájeno', // ours
  endedAt: 'Ukončeno', // ours
  close: 'Zavřít', // ours
} as const;

const when = (s: string | null | undefined) => (s ? formatDateTime(fromWireTime(s)) || s : '—');

export function JournalDialog({ eventId, onClose }: { eventId: number | null; onClose: () => void }) {
  const { journal, error } = useJournal(eventId);
  const facts: [string, string][] = journal
    ? [
        ['id', String(journal.id)],
        ['uuid', journal.uuid],
        [JOURNAL_TEXTS.createdAt, when(journal.createdAt)],
        [JOURNAL_TEXTS.insertedAt, when(journal.insertedAt)],
        [JOURNAL_TEXTS.startedAt, when(journal.startedAt)],
        [JOURNAL_TEXTS.endedAt, when(journal.endedAt)],
      ]
    : [];
  return (
    <Dialog open={eventId !== null} onClose={onClose} maxWidth={false} fullWidth slotProps={dialogPaper('large')}>
      <DialogTitle>{JOURNAL_TEXTS.title}</DialogTitle>
      <DialogContent dividers>
        {!journal && !error && <LinearProgress />}
        {error && <Alert severity="error">{error}</Alert>}
        {journal && (
          <>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}
            >
              {facts.map(([k, v]) => (
                <Box key={k} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ color: 'text.secondary' }}>
                    {k}
                  </Box>
                  <Box component="dd" sx={{ m: 0, fontFamily: k === 'uuid' ? 'monospace' : undefined }}>
                    {v}
                  </Box>
                </Box>
              ))}
            </Box>
            <JournalTable rows={journal.history ?? []} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{JOURNAL_TEXTS.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
