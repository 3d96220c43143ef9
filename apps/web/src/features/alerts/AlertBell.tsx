/**
 * The header's bell (001 §2): a badge with the number of unconfirmed alerts; a click opens 'Máte {n}
 * upozornění' with the alert cards and 'Smazat všechna upozornění'. A new event alert opens the dialog by
 * itself. The sound dialog (INST-01/03/18 messages) is a modal of its own until confirmed.
 */
import { useEffect } from 'react';
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { pluralize } from '@panel/domain/locale';
import { AlertCard, MessageAlertCard } from './AlertCards';
import { byAlertOrder } from './alertOrder';
import { useRadioActivity } from '../messages/capture/radioActivity';
import { dismissAllAlerts, useAlertsReady } from './alertService';
import { useAlertDialogHold } from './dialogGate';
import { selectDialogItems, useNotificationStore } from './notificationQueue';
import { ALERT_TEXTS } from './texts';

/** 'Máte {n} upozornění' with the Czech plural of the count. */
export const alertsTitle = (n: number): string => `Máte ${pluralize(n, ALERT_TEXTS.forms)}`;

/** The bell's accessible name with the number of waiting alerts: 'Upozornění: 2'. */
export const bellName = (n: number): string => `${ALERT_TEXTS.bell}: ${n}`;

/** The bell while a new alert's dialog waits for the recording or the typing to end. */
const HELD_PULSE = {
  bgcolor: 'error.main',
  color: 'common.white',
  '&:hover': { bgcolor: 'error.dark' },
  animation: 'alert-held-pulse 1s ease-in-out infinite',
  '@keyframes alert-held-pulse': {
    '0%, 100%': { boxShadow: '0 0 0 0 rgba(211,47,47,0.7)' },
    '50%': { boxShadow: '0 0 0 8px rgba(211,47,47,0)' },
  },
} as const;

function SoundDialog() {
  const items = useNotificationStore(selectDialogItems);
  const item = items.find((i) => i.modal && i.type === 'message' && i.entity);
  // a modal in the middle of a push-to-talk recording would take the panel away: it opens when the recording ends
  const recording = useRadioActivity((s) => s.recording);
  return (
    <Dialog open={Boolean(item) && !recording} fullWidth maxWidth="sm" data-testid="sound-dialog" sx={{ zIndex: 1500 }}>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'error.main' }}>
        <VolumeUpIcon /> {ALERT_TEXTS.soundDialog}
      </DialogTitle>
      <DialogContent>{item && <MessageAlertCard item={item} />}</DialogContent>
    </Dialog>
  );
}

export function AlertBell() {
  const items = useNotificationStore(selectDialogItems);
  const open = useNotificationStore((s) => s.dialogOpen);
  const setOpen = useNotificationStore((s) => s.setDialogOpen);
  const ready = useAlertsReady((s) => s.ready);
  // a new alert's dialog waits for a recording or the user's typing (dialogGate): the bell pulses meanwhile
  const held = useAlertDialogHold((s) => s.waiting);
  const n = items.length;
  const sorted = [...items].sort(byAlertOrder);

  // nothing left to show: the dialog closes
  useEffect(() => {
    if (open && n === 0) setOpen(false);
  }, [open, n, setOpen]);

  return (
    <>
      <Tooltip title={ALERT_TEXTS.bell}>
        <IconButton
          color="inherit"
          // the count is part of the name: a screen reader hears how many alerts wait, and the badge's visible
          // number is in the name (axe label-content-name-mismatch)
          aria-label={bellName(n)}
          onClick={() => {
            useAlertDialogHold.setState({ waiting: null });
            setOpen(true);
          }}
          data-testid="alert-bell"
          data-alerts-ready={ready ? 'true' : 'false'}
          data-held={held ?? undefined}
          sx={held ? HELD_PULSE : undefined}
        >
          {/* no badge at 0: a fading badge keeps its old count in the page, which axe read as text missing from
              the name (label-content-name-mismatch, issue 24 item 7) */}
          {n ? (
            <Badge badgeContent={n} color="error" max={99}>
              <NotificationsActiveIcon />
            </Badge>
          ) : (
            <NotificationsIcon />
          )}
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" data-testid="alert-dialog">
        <DialogTitle>{alertsTitle(n)}</DialogTitle>
        <DialogContent dividers>
          {n === 0 ? (
            <Typography color="text.secondary">{ALERT_TEXTS.empty}</Typography>
          ) : (
            <Stack spacing={1.5}>
              {sorted.map((item) => (
                <AlertCard key={item.key} item={item} />
              ))}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button color="error" disabled={n === 0} onClick={dismissAllAlerts}>
            {ALERT_TEXTS.clearAll}
          </Button>
          <Button onClick={() => setOpen(false)}>{ALERT_TEXTS.close}</Button>
        </DialogActions>
      </Dialog>
      <SoundDialog />
    </>
  );
}
