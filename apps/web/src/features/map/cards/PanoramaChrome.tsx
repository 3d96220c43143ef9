/**
 * What lies over either panorama (ours or Mapy.com's): the capture date chip (001 §2), the heading and field
 * of view, zoom in/out and the close button.
 */
import { Box, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import type { ReactNode } from 'react';
import { CARD_TEXTS } from './texts';

const dark = { bgcolor: 'rgba(0,0,0,0.6)', color: '#fff', '&:hover': { bgcolor: 'rgba(0,0,0,0.8)' } };

function RoundButton(props: { label: string; testId?: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={props.label}>
      <IconButton size="small" aria-label={props.label} data-testid={props.testId} onClick={props.onClick} sx={dark}>
        {props.children}
      </IconButton>
    </Tooltip>
  );
}

export function PanoramaChrome(props: {
  /** 'DD.MM.YYYY HH:mm' or '' */
  captured: string;
  /** '123° · 65°' once the view is drawn */
  viewLabel: string | null;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onClose: () => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ position: 'absolute', top: 8, left: 8, right: 8, alignItems: 'center' }}>
      {props.captured && (
        <Chip
          size="small"
          data-testid="panorama-captured"
          label={`${CARD_TEXTS.capturedAt}: ${props.captured}`}
          sx={{ bgcolor: 'rgba(0,0,0,0.6)', color: '#fff' }}
        />
      )}
      {props.viewLabel && (
        <Chip
          size="small"
          data-testid="panorama-view"
          label={props.viewLabel}
          sx={{ bgcolor: 'rgba(0,0,0,0.6)', color: '#fff' }}
        />
      )}
      <Box sx={{ flex: 1 }} />
      <RoundButton label={CARD_TEXTS.zoomIn} onClick={props.onZoomIn}>
        <ZoomInIcon fontSize="small" />
      </RoundButton>
      <RoundButton label={CARD_TEXTS.zoomOut} onClick={props.onZoomOut}>
        <ZoomOutIcon fontSize="small" />
      </RoundButton>
      <RoundButton label={CARD_TEXTS.close} testId="panorama-close" onClick={props.onClose}>
        <CloseIcon fontSize="small" />
      </RoundButton>
    </Stack>
  );
}
