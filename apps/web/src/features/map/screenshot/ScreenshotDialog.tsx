/**
 * The map screenshot dialog (001 §2, §4): fullscreen dark; capturing starts 200 ms after opening ('Načítám...'
 * meanwhile), then the captured image; 'Odeslat' uploads the JPEG and sends the X21 message, then closes.
 * 'Zrušit' and 'Odeslat' are enabled only when neither capturing nor sending; a failed send keeps the dialog.
 */
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, Stack, Typography } from '@mui/material';
import { SCREENSHOT_CAPTURE_DELAY } from '@panel/domain/constants';
import type { Event } from '@panel/domain/sync';
import { sendMessage, uploadMedia } from '../../../api/messages';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { newUuid } from '../../../stores/uiStore';
import { toast } from '../../../ui/toasts';
import { useMap } from '../MapContext';
import { captureMap, ScreenshotError } from './capture';
import {
  canCancel,
  canSend,
  initialScreenshotState,
  screenshotFileName,
  screenshotMessage,
  screenshotReducer,
} from './rules';
import { SCREENSHOT_TEXTS } from './texts';

export interface ScreenshotDialogProps {
  open: boolean;
  event: Event;
  onClose: () => void;
  /** after a successful send (001 §4 'emit onSend') */
  onSend?: () => void;
  /** the capture (tests replace it) */
  capture?: () => Promise<Blob>;
}

export function ScreenshotDialog({ open, event, onClose, onSend, capture }: ScreenshotDialogProps) {
  const map = useMap();
  const [state, dispatch] = useReducer(screenshotReducer, initialScreenshotState);
  const eventTypeName = useEntitiesStore((s) => (event.eventTypeId ? s.eventTypes[event.eventTypeId]?.name : null));
  const deviceCode = useAuthStore((s) => s.device?.code ?? null);
  const captureRef = useRef(capture);
  captureRef.current = capture;

  useEffect(() => {
    if (!open) {
      dispatch({ type: 'close' });
      return;
    }
    dispatch({ type: 'open' });
    let cancelled = false;
    const timer = setTimeout(() => {
      const run = captureRef.current ?? (() => captureMap(map));
      run().then(
        (image) => {
          if (!cancelled) dispatch({ type: 'captured', image });
        },
        (error: unknown) => {
          console.error('map screenshot', error);
          if (!cancelled) {
            const message = error instanceof ScreenshotError ? error.message : SCREENSHOT_TEXTS.captureFailed;
            dispatch({ type: 'captureFailed', error: message });
          }
        },
      );
    }, SCREENSHOT_CAPTURE_DELAY);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [open, map]);

  const imageUrl = useMemo(() => (state.image ? URL.createObjectURL(state.image) : null), [state.image]);
  useEffect(
    () => () => {
      if (imageUrl) URL.revokeObjectURL(imageUrl);
    },
    [imageUrl],
  );

  const send = async () => {
    if (!canSend(state) || !state.image || !event.id) return;
    dispatch({ type: 'send' });
    const at = new Date();
    const fileName = screenshotFileName(event.id, at, deviceCode);
    try {
      const file = new Blob([state.image], { type: 'image/jpeg' });
      await uploadMedia(event.id, fileName, file);
      await sendMessage(screenshotMessage({ uuid: newUuid(), event, eventTypeName, fileName, at }));
      toast.success(SCREENSHOT_TEXTS.sent);
      onSend?.();
      dispatch({ type: 'close' });
      onClose();
    } catch (error) {
      console.error('map screenshot send', error);
      toast.error(SCREENSHOT_TEXTS.sendFailed);
      dispatch({ type: 'sendFailed' });
    }
  };

  // the 200 ms before capturing count as capturing: the dialog shows 'Načítám...'
  const capturing = state.phase === 'capturing' || (open && state.phase === 'closed');
  const sending = state.phase === 'sending';
  const idle = !capturing && !sending;

  return (
    <Dialog
      open={open}
      fullScreen
      onClose={() => {
        if (idle) onClose();
      }}
      aria-label={SCREENSHOT_TEXTS.title}
      data-testid="screenshot-dialog"
      data-phase={capturing ? 'capturing' : state.phase}
      slotProps={{ paper: { sx: { bgcolor: '#121416', color: '#fff' } } }}
    >
      {/* one grid cell of the height left above the buttons: the image's max-height: 100% resolves against it,
          so a tall capture shrinks instead of running under the buttons (issue 24 item 7) */}
      <Box
        sx={{
          flexGrow: 1,
          minHeight: 0,
          display: 'grid',
          gridTemplate: 'minmax(0, 1fr) / minmax(0, 1fr)',
          placeItems: 'center',
          overflow: 'hidden',
          p: 2,
        }}
      >
        {capturing && (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress color="inherit" />
            <Typography>{SCREENSHOT_TEXTS.loading}</Typography>
          </Stack>
        )}
        {!capturing && imageUrl && (
          <Box
            component="img"
            src={imageUrl}
            alt={SCREENSHOT_TEXTS.imageAlt}
            data-testid="screenshot-image"
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', boxShadow: 8, opacity: sending ? 0.6 : 1 }}
          />
        )}
        {state.phase === 'failed' && state.error && (
          <Alert severity="error" variant="filled" data-testid="screenshot-error">
            {state.error}
          </Alert>
        )}
      </Box>
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'flex-end', p: 2, borderTop: '1px solid rgba(255,255,255,0.12)' }}
      >
        <Button
          variant="outlined"
          color="inherit"
          disabled={!canCancel(state) || capturing}
          onClick={() => {
            dispatch({ type: 'close' });
            onClose();
          }}
        >
          {SCREENSHOT_TEXTS.cancel}
        </Button>
        <Button
          variant="contained"
          disabled={!canSend(state) || capturing}
          onClick={() => void send()}
          startIcon={sending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {SCREENSHOT_TEXTS.send}
        </Button>
      </Stack>
    </Dialog>
  );
}
