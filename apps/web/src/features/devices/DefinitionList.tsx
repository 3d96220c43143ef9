/** A two-column list of labelled values (`<dt>` label, `<dd>` value), as the device detail shows them. */
import { Box } from '@mui/material';
import type { ReactNode } from 'react';

export function DefinitionList({ children, mb = 2 }: { children: ReactNode; mb?: number }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        mb,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0 },
      }}
    >
      {children}
    </Box>
  );
}
