/**
 * The frame the three media viewers share (image, panorama, comparison): a wide dialog whose clicks stay inside
 * it (the message row under it must not open its menu), the footer with the capture coordinates to copy and the
 * close button, and the white note over the dark stage while the picture loads or when it cannot be had.
 */
import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, Typography } from '@mui/material';
import type { DialogProps } from '@mui/material';
import { texts } from '@panel/domain/locale';
import { copyCoordinates } from '../clipboard';
import { MESSAGE_TEXTS } from '../texts';

export function ViewerDialog({
  onClose,
  maxWidth = 'lg',
  testId,
  onKeyDown,
  children,
}: {
  onClose: () => void;
  maxWidth?: DialogProps['maxWidth'];
  testId: string;
  onKeyDown?: DialogProps['onKeyDown'];
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={maxWidth}
      fullWidth
      onClick={(e) => e.stopPropagation()}
      onKeyDown={onKeyDown}
      data-testid={testId}
    >
      {children}
    </Dialog>
  );
}

/** The footer: the coordinates as a copy button ('bez souřadnic' when the picture has none) and 'Zavřít'. */
export function ViewerActions({ coordinates, onClose }: { coordinates: string | null; onClose: () => void }) {
  return (
    <DialogActions sx={{ justifyContent: 'space-between' }}>
      {coordinates ? (
        <Button size="small" onClick={() => void copyCoordinates(coordinates)}>
          {coordinates}
        </Button>
      ) : (
        <Typography variant="caption" color="text.secondary" sx={{ pl: 1 }}>
          {texts.media.noCoordinates}
        </Typography>
      )}
      <Button onClick={onClose}>{MESSAGE_TEXTS.close}</Button>
    </DialogActions>
  );
}

/** 'Načítání…' or 'Nedostupné' centred over the stage (`absolute`: over a picture already laid out). */
export function StageNote({ children, absolute = false }: { children: ReactNode; absolute?: boolean }) {
  return (
    <Typography
      sx={
        absolute
          ? { position: 'absolute', inset: 0, m: 'auto', height: 'fit-content', textAlign: 'center', color: '#fff' }
          : { color: '#fff', m: 'auto' }
      }
    >
      {children}
    </Typography>
  );
}
