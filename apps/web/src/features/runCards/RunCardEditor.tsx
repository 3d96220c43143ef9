/**
 * The form of one run card in the admin dialog: name, category, type (or any), object kind (the event's terrain:
 * tunnel, bridge …, or any), subject words and the lines (resource type, count, ETA limit in minutes). The
 * domain rule checks it before the call (`runCardErrors` with the bundle's catalogues), the server again; the
 * messages show under the fields.
 */
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlinedIcon from '@mui/icons-material/RemoveCircleOutlined';
import { runCardTexts as T } from '@panel/domain/runCards';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { CatalogueSelect } from '../../ui/CatalogueSelect';
import { emptyLine, type CardForm, type LineForm } from './cardForm';

interface Props {
  form: CardForm;
  errors: Record<string, string>;
  busy: boolean;
  onChange: (form: CardForm) => void;
  onSave: () => void;
  onNew: () => void;
}

const half = { width: { xs: '100%', sm: 'calc(50% - 4px)' } } as const;

export function RunCardEditor({ form, errors, busy, onChange, onSave, onNew }: Props) {
  const categories = useEntitiesStore((s) => s.eventCategories);
  const eventTypes = useEntitiesStore((s) => s.eventTypes);
  const terrains = useEntitiesStore((s) => s.eventTerrains);
  const resourceTypes = useEntitiesStore((s) => s.resourceTypes);
  const set = (patch: Partial<CardForm>) => onChange({ ...form, ...patch });
  const setLine = (key: number, patch: Partial<LineForm>) =>
    set({ lines: form.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => (e.preventDefault(), onSave())}
      sx={{ mt: 2 }}
      data-testid="run-card-form"
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {form.id == null ? T.add : `${T.edit}: ${form.name}`}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, rowGap: 1.5 }}>
        <TextField
          size="small"
          label={T.name}
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
          error={!!errors.name}
          helperText={errors.name}
          sx={{ width: '100%' }}
          slotProps={{ htmlInput: { 'data-testid': 'run-card-name', maxLength: 120 } }}
        />
        <CatalogueSelect
          label={T.category}
          value={form.eventCategoryId}
          items={Object.values(categories)}
          onChange={(v) => set({ eventCategoryId: v })}
          error={errors.eventCategoryId}
          testId="run-card-category"
          sx={half}
        />
        <CatalogueSelect
          label={T.eventType}
          value={form.eventTypeId}
          items={Object.values(eventTypes)}
          onChange={(v) => set({ eventTypeId: v })}
          error={errors.eventTypeId}
          anyLabel={T.anyType}
          sx={half}
        />
        <CatalogueSelect
          label={T.terrain}
          value={form.eventTerrainId}
          items={Object.values(terrains)}
          onChange={(v) => set({ eventTerrainId: v })}
          error={errors.eventTerrainId}
          anyLabel={T.anyTerrain}
          sx={half}
        />
        <TextField
          size="small"
          label={T.words}
          value={form.words}
          onChange={(e) => set({ words: e.target.value })}
          error={!!errors.words}
          helperText={errors.words ?? T.wordsHelp}
          sx={half}
        />
      </Stack>
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        {T.lines}
      </Typography>
      {errors.lines && (
        <Typography variant="body2" color="error" sx={{ mb: 1 }} role="alert">
          {errors.lines}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {form.lines.map((line, i) => (
          <Stack
            key={line.key}
            direction="row"
            useFlexGap
            sx={{ flexWrap: 'wrap', gap: 1 }}
            data-testid="run-card-line"
          >
            <CatalogueSelect
              label={T.resourceType}
              value={line.resourceTypeId}
              items={Object.values(resourceTypes).map((t) => ({
                id: t.id,
                name: t.code ? `${t.code} – ${t.name}` : t.name,
              }))}
              onChange={(v) => setLine(line.key, { resourceTypeId: v })}
              error={errors[`lines.${i}.resourceTypeId`]}
              sx={{ width: { xs: '100%', sm: 280 } }}
            />
            <TextField
              size="small"
              type="number"
              label={T.count}
              value={line.count}
              onChange={(e) => setLine(line.key, { count: e.target.value })}
              error={!!errors[`lines.${i}.count`]}
              helperText={errors[`lines.${i}.count`]}
              sx={{ width: { xs: 'calc(50% - 28px)', sm: 150 } }}
              slotProps={{ htmlInput: { min: 1, max: 20, 'data-testid': 'run-card-count' } }}
            />
            <TextField
              size="small"
              type="number"
              label={T.maxEta}
              value={line.maxEtaMinutes}
              onChange={(e) => setLine(line.key, { maxEtaMinutes: e.target.value })}
              error={!!errors[`lines.${i}.maxEtaMinutes`]}
              helperText={errors[`lines.${i}.maxEtaMinutes`]}
              sx={{ width: { xs: 'calc(50% - 28px)', sm: 150 } }}
              slotProps={{ htmlInput: { min: 1, max: 240, 'data-testid': 'run-card-eta' } }}
            />
            <IconButton
              aria-label={T.removeLine}
              onClick={() => set({ lines: form.lines.filter((l) => l.key !== line.key) })}
              sx={{ alignSelf: 'flex-start' }}
            >
              <RemoveCircleOutlinedIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <Button startIcon={<AddIcon />} onClick={() => set({ lines: [...form.lines, emptyLine()] })}>
          {T.addLine}
        </Button>
        <Box sx={{ flex: 1 }} />
        {form.id != null && <Button onClick={onNew}>{T.add}</Button>}
        <Button type="submit" variant="contained" disabled={busy} data-testid="run-card-save">
          {T.save}
        </Button>
      </Stack>
    </Box>
  );
}
