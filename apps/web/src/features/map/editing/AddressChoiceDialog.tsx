/**
 * The question of `addressChoice.ts`: the map's address would replace the one typed during the call. Both are
 * shown; 'Použít adresu z mapy' (the typed one goes to 'Upřesnění místa' where the category has it) or
 * 'Ponechat zadanou adresu' (the default: Escape and closing keep what was typed).
 */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useEditingStore } from './editingStore';
import { EDIT_TEXTS } from './texts';

export function AddressChoiceDialog() {
  const q = useEditingStore((s) => s.addressQuestion);
  return (
    <Dialog open={Boolean(q)} onClose={() => q?.answer('typed')} maxWidth="xs" fullWidth>
      <DialogTitle>{EDIT_TEXTS.addressTitle}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {EDIT_TEXTS.addressQuestion}
        </Typography>
        <Box component="dl" sx={{ m: 0, '& dt': { color: 'text.secondary', fontSize: 12 }, '& dd': { m: 0, mb: 1 } }}>
          <dt>{EDIT_TEXTS.addressTyped}</dt>
          <dd data-testid="address-typed">{q?.typed}</dd>
          <dt>{EDIT_TEXTS.addressFound}</dt>
          <dd data-testid="address-found">{q?.found}</dd>
        </Box>
        {q?.keepsTyped && (
          <Typography variant="caption" color="text.secondary">
            {EDIT_TEXTS.addressKeepsTyped}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => q?.answer('typed')} autoFocus>
          {EDIT_TEXTS.addressKeepTyped}
        </Button>
        <Button variant="contained" onClick={() => q?.answer('found')}>
          {EDIT_TEXTS.addressUseFound}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
