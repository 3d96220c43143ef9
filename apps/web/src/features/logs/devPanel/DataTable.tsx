import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';

export interface Column<T> {
  key: string;
  label: string;
  value: (row: T) => ReactNode;
}

/** A dense table of rows for the developer panel. */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  testId,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  testId?: string;
}) {
  return (
    <Table size="small" stickyHeader data-testid={testId} sx={{ '& td, & th': { fontSize: 11, py: 0.25, px: 1 } }}>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.key}>{c.label}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} hover>
            {columns.map((c) => (
              <TableCell key={c.key}>{c.value(row)}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export const cell = (v: unknown): string => (v === null || v === undefined || v === '' ? '—' : String(v));
