/** The frame of a map card: title, loading sign, capture button, maximize/minimize toggle, close. */
import { useState, type ReactNode } from 'react';
import { Box, CircularProgress, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SendIcon from '@mui/icons-material/Send';
import { useAuthStore } from '../../../stores/authStore';
import { useAbility } from '../../../stores/useAbility';
import { useActiveEvent } from '../../../stores/useActiveEvent';
import type { CaptureSource } from './cardRules';
import { canCapture, sendCardCapture } from './capture';
import { useCardsStore } from './cardsStore';
import { CARD_TEXTS } from './texts';

export interface CardFrameProps {
  title: string;
  testId: string;
  /** shown when maximized */
  children?: ReactNode;
  /** shown also when minimized (an error line …) */
  summary?: ReactNode;
  /** the capture source, when the card can be sent to the event */
  capture?: () => CaptureSource | null;
  captureImage?: Blob | null;
}

function CaptureButton({ capture, image }: { capture: () => CaptureSource | null; image?: Blob | null }) {
  const ability = useAbility();
  const active = useActiveEvent();
  const deviceCode = useAuthStore((s) => s.device?.code ?? 'X');
  const [sending, setSending] = useState(false);
  if (!canCapture(ability, active) || active?.kind !== 'saved' || active.event.id == null) return null;
  const eventId = active.event.id;
  const source = capture();
  return (
    <Tooltip title={CARD_TEXTS.capture}>
      <span>
        <IconButton
          size="small"
          aria-label={CARD_TEXTS.capture}
          data-testid="card-capture"
          disabled={sending || !source}
          onClick={() => {
            if (!source) return;
            setSending(true);
            void sendCardCapture({ eventId, deviceCode, source, image }).finally(() => setSending(false));
          }}
        >
          {sending ? <CircularProgress size={18} /> : <SendIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function CardFrame({ title, testId, children, summary, capture, captureImage }: CardFrameProps) {
  const status = useCardsStore((s) => s.status);
  const maximized = useCardsStore((s) => s.maximized);
  const toggle = useCardsStore((s) => s.toggleMaximized);
  const close = useCardsStore((s) => s.closeCard);
  const loading = status === 1;
  return (
    <Paper
      elevation={4}
      data-testid={testId}
      data-status={status}
      data-maximized={maximized ? 'true' : 'false'}
      sx={{ display: 'flex', flexDirection: 'column', maxHeight: '100%', minHeight: 0, pointerEvents: 'auto' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', pl: 1.5, pr: 0.5, py: 0.25, minHeight: 40 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap title={title}>
          {title}
        </Typography>
        {loading && (
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mr: 1 }} role="status">
            <CircularProgress size={16} />
            <Typography variant="caption" color="text.secondary">
              {CARD_TEXTS.loading}
            </Typography>
          </Stack>
        )}
        {!loading && capture && <CaptureButton capture={capture} image={captureImage} />}
        <Tooltip title={maximized ? CARD_TEXTS.minimize : CARD_TEXTS.maximize}>
          <span>
            <IconButton
              size="small"
              aria-label={maximized ? CARD_TEXTS.minimize : CARD_TEXTS.maximize}
              data-testid="card-toggle"
              disabled={loading}
              onClick={toggle}
            >
              {maximized ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={CARD_TEXTS.close}>
          <IconButton size="small" aria-label={CARD_TEXTS.close} data-testid="card-close" onClick={close}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {summary && <Box sx={{ px: 1.5, pb: 1 }}>{summary}</Box>}
      {maximized && !loading && children && (
        <Box sx={{ px: 1.5, pb: 1.5, overflowY: 'auto', minHeight: 0 }}>{children}</Box>
      )}
    </Paper>
  );
}
