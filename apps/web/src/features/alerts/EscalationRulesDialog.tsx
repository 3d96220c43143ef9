/**
 * 'Eskalace upozornění' (issue 25 item 3): the administrator's rules of escalation when nobody accepts an alert —
 * per event category and base (or every base), the seconds of the second sound (T1), the hand-over to the
 * central dispatch (T2) and the SMS (T3), on/off and the unit's duty numbers. Opened from 'Další možnosti' for
 * `canManageEscalation`. The server checks everything (422 `[{field, message}]`, shown under the fields); the
 * list is read again after each write.
 */
import { CatalogueSelect } from '../../ui/CatalogueSelect';
import { useMemo } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { escalationTexts as T, type EscalationRule, type EscalationRuleList } from '@panel/domain/alerts';
import { escalationApi, type EscalationRuleInput } from '../../api/escalation';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useRecordEditor } from '../../ui/useRecordEditor';

type Form = {
  id: number | null;
  categoryId: string;
  baseId: string;
  t1: string;
  t2: string;
  t3: string;
  enabled: boolean;
  numbers: string;
};

const emptyForm = (d: { t1: number; t2: number; t3: number }): Form => ({
  id: null,
  categoryId: '',
  baseId: '',
  t1: String(d.t1),
  t2: String(d.t2),
  t3: String(d.t3),
  enabled: true,
  numbers: '',
});

const toInput = (f: Form): EscalationRuleInput => ({
  categoryId: f.categoryId === '' ? null : Number(f.categoryId),
  baseId: f.baseId === '' ? null : Number(f.baseId),
  // a field left empty or not a number goes as NaN → null in JSON: the server names the field
  t1: Number(f.t1.trim() || NaN),
  t2: Number(f.t2.trim() || NaN),
  t3: Number(f.t3.trim() || NaN),
  enabled: f.enabled,
  smsNumbers: f.numbers
    .split(/[,;]/)
    .map((n) => n.trim())
    .filter(Boolean),
});

export function EscalationRulesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const categories = useEntitiesStore((s) => s.eventCategories);
  const bases = useEntitiesStore((s) => s.bases);
  const alerting = useMemo(() => Object.values(categories).filter((c) => Number(c.alert) === 1), [categories]);
  const {
    list: data,
    form,
    setForm,
    errors,
    busy,
    edit,
    save,
    remove,
  } = useRecordEditor({
    open,
    api: escalationApi,
    empty: (list: EscalationRuleList | null) => emptyForm(list?.defaults ?? { t1: 60, t2: 120, t3: 180 }),
    texts: { saved: T.saved, removed: T.removed },
  });

  const defaults = data?.defaults ?? { t1: 60, t2: 120, t3: 180 };
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const editRule = (r: EscalationRule) =>
    edit({
      id: r.id,
      categoryId: String(r.categoryId),
      baseId: r.baseId == null ? '' : String(r.baseId),
      t1: String(r.t1),
      t2: String(r.t2),
      t3: String(r.t3),
      enabled: r.enabled,
      numbers: r.smsNumbers.join(', '),
    });

  const categoryName = (id: number) => categories[id]?.name ?? `#${id}`;
  const baseName = (id: number | null) => (id == null ? T.allBases : (bases[id]?.name ?? `#${id}`));
  const number = (key: 't1' | 't2' | 't3') => (
    <TextField
      size="small"
      type="number"
      label={T[key]}
      value={form[key]}
      onChange={(e) => set({ [key]: e.target.value })}
      error={!!errors[key]}
      helperText={errors[key]}
      sx={{ width: { xs: '100%', sm: 170 } }}
      slotProps={{ htmlInput: { min: 1, max: 3600, 'data-testid': `escalation-${key}` } }}
    />
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" data-testid="escalation-dialog">
      <DialogTitle>{T.title}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {T.defaults(defaults.t1, defaults.t2, defaults.t3)}
        </Typography>
        <List dense disablePadding data-testid="escalation-rules">
          {(data?.rules ?? []).map((r) => (
            <ListItem
              key={r.id}
              divider
              secondaryAction={
                <>
                  <IconButton aria-label={T.edit} onClick={() => editRule(r)} size="small">
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={T.remove} onClick={() => void remove(r.id)} size="small">
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              }
            >
              <ListItemText
                primary={`${categoryName(r.categoryId)} · ${baseName(r.baseId)}`}
                secondary={`${r.t1} s / ${r.t2} s / ${r.t3} s${r.enabled ? '' : ` · ${T.off}`}${
                  r.smsNumbers.length ? ` · SMS ${r.smsNumbers.join(', ')}` : ''
                }`}
                sx={{ pr: 9, opacity: r.enabled ? 1 : 0.6 }}
              />
            </ListItem>
          ))}
        </List>
        <Box component="form" onSubmit={(e) => (e.preventDefault(), void save(toInput(form)))} sx={{ mt: 2 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {form.id == null ? T.add : `${T.edit}: ${categoryName(Number(form.categoryId))}`}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
            <CatalogueSelect
              label={T.category}
              value={form.categoryId}
              items={alerting}
              onChange={(v) => set({ categoryId: v })}
              error={errors.categoryId}
              testId="escalation-category"
              sx={{ width: { xs: '100%', sm: 260 } }}
            />
            {/* '' is the rule for every base: shown by name, not as an empty field */}
            <CatalogueSelect
              label={T.base}
              value={form.baseId}
              items={Object.values(bases)}
              onChange={(v) => set({ baseId: v })}
              error={errors.baseId}
              anyLabel={T.allBases}
              sx={{ width: { xs: '100%', sm: 260 } }}
            />
            {number('t1')}
            {number('t2')}
            {number('t3')}
            <TextField
              size="small"
              label={T.numbers}
              value={form.numbers}
              onChange={(e) => set({ numbers: e.target.value })}
              error={!!errors.smsNumbers}
              helperText={errors.smsNumbers}
              sx={{ width: { xs: '100%', sm: 360 } }}
              slotProps={{ htmlInput: { 'data-testid': 'escalation-numbers' } }}
            />
            <FormControlLabel
              control={<Switch checked={form.enabled} onChange={(e) => set({ enabled: e.target.checked })} />}
              label={T.enabled}
            />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
            <Button type="submit" variant="contained" disabled={busy} data-testid="escalation-save">
              {T.save}
            </Button>
            {form.id != null && <Button onClick={() => edit(emptyForm(defaults))}>{T.add}</Button>}
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
