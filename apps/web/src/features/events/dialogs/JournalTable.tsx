/** The event journal's history table: date, user, device, type, table, data (000 §2). */
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDateTime, fromWireTime } from '@panel/domain/locale';
import type { JournalRow } from '../../../api/events';
import { journalDataLines } from './journalData';

export const JOURNAL_COLUMNS = ['Datum', 'Uživatel', 'Zařízení', 'Typ', 'Tabulka', 'Data'] as const; // ours

export function JournalTable({ rows }: { rows: JournalRow[] }) {
  if (!rows.length) return <Typography variant="body2">—</Typography>;
  return (
    <Table size="small" aria-label="Historie">
      <TableHead>
        <TableRow>
          {JOURNAL_COLUMNS.map((c) => (
            <TableCell key={c}>{c}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(fromWireTime(r.date)) || r.date}</TableCell>
            <TableCell>{r.user ?? ''}</TableCell>
            <TableCell>{r.device ?? ''}</TableCell>
            <TableCell>{r.type}</TableCell>
            <TableCell>{r.table ?? ''}</TableCell>
            <TableCell data-testid="journal-data" sx={{ fontSize: 12, overflowWrap: 'anywhere', maxWidth: 360 }}>
              {journalDataLines(r.data).map((line, i) => (
                <div key={i}>{line}</div>
              ))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
