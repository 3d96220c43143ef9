/** A hint over the top of the map (below the toolbar) while drawing, editing a geo object or linking, with its buttons. */
import type { ReactNode } from 'react';
import { Paper, Stack, Typography } from '@mui/material';

export function StatusBar({ text, children, testId }: { text: string; children?: ReactNode; testId: string }) {
  return (
    <Paper
      elevation={4}
      data-testid={testId}
      sx={{
        position: 'absolute',
        top: 64,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 3,
        px: 1.5,
        py: 0.75,
        maxWidth: '90%',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">{text}</Typography>
        {children}
      </Stack>
    </Paper>
  );
}
