/**
 * The event terrain (character) chooser (001 §2, §4, §5): choose a terrain of the `eventTerrains` catalogue,
 * the event attribute eventTerrainId is updated, then the pending action (setting the target) runs. The choice
 * is disabled unless eventTerrainId is editable; 'Pokračovat' then runs the pending action alone.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useEditingStore } from './editingStore';
import { setTerrain } from './eventEdits';
import { currentEvent } from './eventPatch';
import { EDIT_TEXTS } from './texts';

export function TerrainDialog() {
  const request = useEditingStore((s) => s.terrain);
  const terrainsMap = useEntitiesStore((s) => s.eventTerrains);
  const terrains = useMemo(() => Object.values(terrainsMap).sort((a, b) => a.id - b.id), [terrainsMap]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!request) return;
    setChosen(currentEvent(request.eventUuid)?.eventTerrainId ?? null);
    setBusy(false);
  }, [request]);

  const close = () => useEditingStore.getState().set({ terrain: null });

  async function proceed() {
    if (!request) return;
    setBusy(true);
    const before = currentEvent(request.eventUuid)?.eventTerrainId ?? null;
    if (request.editable && chosen != null && chosen !== before) {
      const ok = await setTerrain(request.eventUuid, chosen);
      if (!ok) {
        setBusy(false);
        return;
      }
    }
    close();
    try {
      await request.pending();
    } catch (error) {
      console.error('[map] action after the terrain failed', error);
    }
  }

  return (
    <Dialog open={request !== null} onClose={close} maxWidth="xs" fullWidth data-testid="terrain-dialog">
      <DialogTitle>{EDIT_TEXTS.terrainTitle}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {EDIT_TEXTS.terrainHint}
        </Typography>
        {request && !request.editable && (
          <Alert severity="info" sx={{ mb: 1.5 }}>
            {EDIT_TEXTS.terrainLocked}
          </Alert>
        )}
        <ToggleButtonGroup
          exclusive
          color="primary"
          orientation="vertical"
          fullWidth
          size="small"
          value={chosen}
          onChange={(_, v: number | null) => v !== null && setChosen(v)}
          aria-label={EDIT_TEXTS.terrainTitle}
        >
          {terrains.map((t) => (
            <ToggleButton key={t.id} value={t.id} disabled={!request?.editable || busy} aria-label={t.name}>
              {t.name}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {EDIT_TEXTS.cancel}
        </Button>
        <Button variant="contained" onClick={() => void proceed()} disabled={busy}>
          {EDIT_TEXTS.terrainContinue}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
