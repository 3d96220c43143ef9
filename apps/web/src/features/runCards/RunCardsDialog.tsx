/**
 * 'Poplachové plány' (issue 26 item 1): the administrator's run cards — for an event category and type
 * (optionally an object kind such as tunnel or bridge, or subject words), which resource types, how many and
 * within what ETA. Opened from 'Další možnosti' for role admin (`canManageRunCards`). The domain rule checks the
 * form first with the bundle's catalogues, the server again (422 `[{field, message}]` under the fields); the
 * list is read again after each write.
 */
import { useMemo, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { runCardErrors, runCardTexts as T, type RunCard } from '@panel/domain/runCards';
import { runCardsApi } from '../../api/runCards';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { dialogPaper } from '../../ui/dialogWidths';
import { useRecordEditor } from '../../ui/useRecordEditor';
import { cardToForm, emptyCard, formToInput } from './cardForm';
import { RunCardEditor } from './RunCardEditor';

export function RunCardsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const categories = useEntitiesStore((s) => s.eventCategories);
  const eventTypes = useEntitiesStore((s) => s.eventTypes);
  const terrains = useEntitiesStore((s) => s.eventTerrains);
  const resourceTypes = useEntitiesStore((s) => s.resourceTypes);
  const {
    list: cards,
    failed,
    form,
    setForm,
    errors,
    busy,
    edit,
    save,
    remove,
  } = useRecordEditor({
    open,
    api: runCardsApi,
    empty: emptyCard,
    texts: { saved: T.saved, removed: T.removed },
  });
  const [removing, setRemoving] = useState<RunCard | null>(null);

  const catalogue = useMemo(
    () => ({
      categoryIds: new Set(Object.values(categories).map((c) => c.id)),
      eventTypeIds: new Set(Object.values(eventTypes).map((c) => c.id)),
      terrainIds: new Set(Object.values(terrains).map((c) => c.id)),
      resourceTypeIds: new Set(Object.values(resourceTypes).map((c) => c.id)),
    }),
    [categories, eventTypes, terrains, resourceTypes],
  );

  /** the domain's check first, with the bundle's catalogues; the server checks again */
  const saveCard = () => {
    const body = formToInput(form);
    const local = runCardErrors({ ...body }, catalogue).errors;
    return save(body, Object.fromEntries(local.map((e) => [e.field, e.message])));
  };

  const nameOf = (list: Record<number, { name: string }>, id: number | null) =>
    id == null ? null : (list[id]?.name ?? `#${id}`);
  const summary = (c: RunCard) =>
    c.lines
      .map((l) => T.planLine(l.count, resourceTypes[l.resourceTypeId]?.code ?? `#${l.resourceTypeId}`, l.maxEtaMinutes))
      .join(', ');
  const scope = (c: RunCard) =>
    [
      nameOf(categories, c.eventCategoryId),
      nameOf(eventTypes, c.eventTypeId),
      nameOf(terrains, c.eventTerrainId),
      c.words.length ? `„${c.words.join(', ')}“` : null,
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      slotProps={dialogPaper('wide')}
      data-testid="run-cards-dialog"
    >
      <DialogTitle>{T.dialogTitle}</DialogTitle>
      <DialogContent dividers>
        {failed && <Typography color="error">{T.loadFailed}</Typography>}
        {cards?.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {T.empty}
          </Typography>
        )}
        <List dense disablePadding data-testid="run-cards" sx={{ maxHeight: 280, overflow: 'auto' }}>
          {(cards ?? []).map((c) => (
            <ListItem
              key={c.id}
              divider
              data-testid="run-card-row"
              secondaryAction={
                <>
                  <IconButton aria-label={`${T.edit}: ${c.name}`} onClick={() => edit(cardToForm(c))} size="small">
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`${T.remove}: ${c.name}`} onClick={() => setRemoving(c)} size="small">
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              }
            >
              <ListItemText primary={c.name} secondary={`${scope(c)} — ${summary(c)}`} sx={{ pr: 9 }} />
            </ListItem>
          ))}
        </List>
        <RunCardEditor
          form={form}
          errors={errors}
          busy={busy}
          onChange={setForm}
          onSave={() => void saveCard()}
          onNew={() => edit(emptyCard())}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
      <ConfirmDialog
        open={removing !== null}
        title={T.remove}
        text={T.removeConfirm}
        confirmLabel={T.remove}
        cancelLabel={T.cancel}
        onConfirm={() => removing && void remove(removing.id)}
        onClose={() => setRemoving(null)}
      />
    </Dialog>
  );
}
