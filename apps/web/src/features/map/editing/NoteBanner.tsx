/**
 * The note-editing banner (001 §2): a card over the map with one description field (2 to 5 rows, placeholder
 * 'popis...') and Uložit / Zrušit (Smazat for an existing note). A new note is POSTed with the uuid made when
 * the banner opened, so saving again after a failure does not make a second note.
 */
import { useEffect, useState } from 'react';
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { toast } from '../../../ui/toasts';
import { errorText } from '../../events/actions/errors';
import { createNote, deleteNote, updateNote } from './editingApi';
import { useEditingStore } from './editingStore';
import { EDIT_TEXTS } from './texts';

export function NoteBanner() {
  const note = useEditingStore((s) => s.note);
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const key = note ? `${note.id ?? 'new'}:${note.uuid}` : null;

  useEffect(() => {
    setContent(useEditingStore.getState().note?.content ?? '');
    setBusy(false);
  }, [key]);

  if (!note) return null;
  const close = () => useEditingStore.getState().set({ note: null });
  const empty = content.trim() === '';

  async function save() {
    if (!note || empty) return;
    setBusy(true);
    try {
      if (note.id == null) {
        await createNote({
          uuid: note.uuid,
          eventId: note.eventId,
          longitude: note.lonLat[0],
          latitude: note.lonLat[1],
          content: content.trim(),
        });
      } else await updateNote(note.id, { content: content.trim() });
      close();
    } catch (error) {
      toast.error(EDIT_TEXTS.noteSaveFailed(errorText(error)));
      setBusy(false);
    }
  }

  async function remove() {
    if (note?.id == null) return;
    setBusy(true);
    try {
      await deleteNote(note.id);
      close();
    } catch (error) {
      toast.error(EDIT_TEXTS.noteDeleteFailed(errorText(error)));
      setBusy(false);
    }
  }

  return (
    <Paper
      elevation={6}
      data-testid="note-banner"
      role="dialog"
      aria-label={note.id == null ? EDIT_TEXTS.noteNew : EDIT_TEXTS.noteEdit}
      sx={{ position: 'absolute', top: 64, left: '50%', transform: 'translateX(-50%)', zIndex: 4, width: 380, p: 1.5 }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {note.id == null ? EDIT_TEXTS.noteNew : EDIT_TEXTS.noteEdit}
      </Typography>
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={2}
        maxRows={5}
        size="small"
        placeholder={EDIT_TEXTS.notePlaceholder}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        slotProps={{ htmlInput: { 'aria-label': EDIT_TEXTS.noteLabel, maxLength: 2000 } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
        {note.id != null && (
          <Button size="small" color="error" disabled={busy} onClick={() => void remove()}>
            {EDIT_TEXTS.remove}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button size="small" disabled={busy} onClick={close}>
          {EDIT_TEXTS.cancel}
        </Button>
        <Button size="small" variant="contained" disabled={busy || empty} onClick={() => void save()}>
          {EDIT_TEXTS.save}
        </Button>
      </Stack>
    </Paper>
  );
}
