import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { authTexts } from '@panel/domain/auth';
import { unlockLogin } from '../../api/auth';
import { ApiError, messageOf } from '../../api/client';
import { toast } from '../../ui/toasts';

/**
 * An administrator lifts the login throttle of an account (issue 24 item 9), e.g. a dispatcher on a new workstation
 * while somebody guesses that account's password from elsewhere. Shown in the device overview to `canUnlockLogins`.
 */
export function LoginUnlock() {
  const [username, setUsername] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!name) {
      toast.error(authTexts.usernameRequired);
      return;
    }
    setBusy(true);
    try {
      await unlockLogin(name);
      toast.success(authTexts.unlocked(name));
      setUsername('');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return; // logged out by the client
      toast.error((error instanceof ApiError && messageOf(error.body)) || String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-label={authTexts.unlockTitle} sx={{ mt: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {authTexts.unlockTitle}
      </Typography>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        onSubmit={submit}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <TextField
          size="small"
          label={authTexts.unlockUsername}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="off"
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'unlock-username' } }}
        />
        <Button type="submit" variant="outlined" disabled={busy}>
          {authTexts.unlockSubmit}
        </Button>
      </Stack>
    </Box>
  );
}
