import type { ReactNode } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import { EnvChip } from './EnvChip';

/** The centred card of the login, device and loading screens. */
export function AuthCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    // the login, device and loading screens are the page's main landmark (axe landmark-one-main, region)
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: (theme) =>
          theme.palette.mode === 'dark'
            ? 'linear-gradient(160deg, #0d1117 0%, #1b2430 100%)'
            : 'linear-gradient(160deg, #1b1f24 0%, #3a4450 100%)',
      }}
    >
      <Paper elevation={8} sx={{ width: 'min(380px, 100%)', p: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <LocalFireDepartmentIcon color="error" />
          <Typography variant="h6" component="h1" sx={{ fontWeight: 700, letterSpacing: 2, flexGrow: 1 }}>
            PANEL
          </Typography>
          <EnvChip />
        </Stack>
        {title && (
          <Typography variant="subtitle1" sx={{ mb: 2 }}>
            {title}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}
