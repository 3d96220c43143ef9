import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { confirmDevice, endSession } from '../../api/auth';
import { ApiError, messageOf } from '../../api/client';
import { fullName, useAuthStore } from '../../stores/authStore';
import { t } from '../../texts';
import { toast } from '../../ui/toasts';
import { AuthCard } from './AuthCard';
import { playLoginSound } from './loginSound';

/** Device confirmation (000 §2): the user confirms the first device assigned to them. */
export function DeviceView() {
  const user = useAuthStore((s) => s.user);
  const devices = useAuthStore((s) => s.devices);
  const [busy, setBusy] = useState(false);
  const device = devices?.[0];

  const played = useRef(false);
  useEffect(() => {
    if (played.current) return; // once, also under StrictMode's double effects
    played.current = true;
    playLoginSound();
  }, []);

  const handleConfirm = async () => {
    if (!device) return;
    setBusy(true);
    try {
      const answer = await confirmDevice(device.id);
      useAuthStore.getState().setDevice(answer?.device ?? device);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return; // logged out by the client
      toast.error((error instanceof ApiError && messageOf(error.body)) || String(error));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={fullName(user)}>
      <Stack spacing={2}>
        {devices == null ? (
          <Alert severity="warning">{t.auth.devicesMissing}</Alert>
        ) : !device ? (
          <Alert severity="error">{t.auth.noDevice}</Alert>
        ) : (
          <Stack spacing={0.5}>
            <Typography variant="overline" color="text.secondary">
              {t.auth.deviceTitle}
            </Typography>
            <Typography variant="h5" sx={{ fontFamily: 'monospace' }}>
              {device.code}
            </Typography>
            <Typography color="text.secondary">{device.name}</Typography>
          </Stack>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => void endSession()} color="inherit">
            {t.auth.logout}
          </Button>
          {device && (
            <Button variant="contained" onClick={handleConfirm} loading={busy} autoFocus>
              {t.auth.confirm}
            </Button>
          )}
        </Stack>
      </Stack>
    </AuthCard>
  );
}
