import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { endSession } from '../../api/auth';
import { t } from '../../texts';
import { AuthCard } from './AuthCard';

/** Loader while the first bundle loads; Restart logs out (000 §2). */
export function LoadingView() {
  return (
    <AuthCard>
      <Stack spacing={2} sx={{ alignItems: 'center', py: 2 }}>
        <CircularProgress />
        <Typography>{t.auth.loading}</Typography>
        <Button variant="outlined" size="small" onClick={() => void endSession()}>
          {t.auth.restart}
        </Button>
      </Stack>
    </AuthCard>
  );
}
