/** A titled section of the report and its small tables, laid out for the screen and for A4 print alike. */
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box component="section" aria-label={title} data-testid={testId} sx={{ mt: 2.5 }}>
      <Typography
        component="h2"
        sx={{
          fontSize: 15,
          fontWeight: 700,
          borderBottom: '2px solid #1565c0',
          pb: 0.25,
          mb: 1,
          breakAfter: 'avoid',
        }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A plain table: narrow screens scroll it sideways; print gives it the page's width. */
export function ReportTable({ head, children, testId }: { head: string[]; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ overflowX: 'auto', '@media print': { overflow: 'visible' } }}>
      <Box
        component="table"
        data-testid={testId}
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          fontSize: 12,
          '& th': { textAlign: 'left', fontWeight: 600, bgcolor: '#eef2f7' },
          '& th, & td': { border: '1px solid #c9d1da', px: 0.75, py: 0.4, verticalAlign: 'top' },
          '& tr': { breakInside: 'avoid' },
          '& td.time': { whiteSpace: 'nowrap' },
        }}
      >
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Box>
    </Box>
  );
}

/** Label–value pairs in two columns (one on a phone). */
export function Fields({ items }: { items: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(110px, max-content) 1fr', sm: 'repeat(2, minmax(110px, max-content) 1fr)' },
        columnGap: 1.5,
        rowGap: 0.4,
        m: 0,
        fontSize: 13,
        '@media print': { gridTemplateColumns: 'repeat(2, max-content 1fr)' },
        '& dt': { color: '#455a64', fontWeight: 600 },
        '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}
