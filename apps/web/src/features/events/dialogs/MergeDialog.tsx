/** 'Ve vzdálenosti {n}m je již evidována událost. Sloučit s touto událostí?' (000 §8) — Připojit / Zpět. */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { texts } from '@panel/domain/locale';
import type { MergeOffer } from '../actions/useSaveEvent';
import { dialogPaper } from '../../../ui/dialogWidths';

export function MergeDialog({
  offer,
  onAccept,
  onBack,
}: {
  offer: MergeOffer | null;
  onAccept: () => void;
  onBack: () => void;
}) {
  const target = offer?.target;
  return (
    <Dialog open={offer !== null} onClose={onBack} maxWidth={false} fullWidth slotProps={dialogPaper('narrow')}>
      <DialogTitle>{target?.header?.title?.value || target?.code || ''}</DialogTitle>
      <DialogContent>
        <DialogContentText>{texts.events.mergeConfirm(Math.round(offer?.distance ?? 0))}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack}>{texts.events.back}</Button>
        <Button variant="contained" autoFocus onClick={onAccept}>
          {texts.events.mergeAccept}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
