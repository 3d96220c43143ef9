/**
 * The figures as a table: per row the jobs, then per measure the median and the 90th percentile (m:ss), and for
 * turnout and arrival the share within the target. The total closes the table. Scrolls sideways on a phone;
 * prints whole (the print stylesheet lets it wrap).
 */
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip } from '@mui/material';
import {
  REPORT_MEASURES,
  formatDuration,
  formatMonth,
  formatShare,
  reportTexts as t,
  type ReportMeasure,
  type ReportRow,
  type ResponseTimes,
} from '@panel/domain/reports';

const withShare = (m: ReportMeasure) => m === 'turnout' || m === 'arrival';

function Cells({ row }: { row: ReportRow }) {
  return (
    <>
      <TableCell align="right">{row.jobs}</TableCell>
      {REPORT_MEASURES.map((m) => [
        <TableCell key={`${m}-md`} align="right">
          {formatDuration(row[m].median)}
        </TableCell>,
        <TableCell key={`${m}-p90`} align="right">
          {formatDuration(row[m].p90)}
        </TableCell>,
        withShare(m) ? (
          <TableCell key={`${m}-in`} align="right">
            {formatShare(row[m].withinTarget)}
          </TableCell>
        ) : null,
      ])}
    </>
  );
}

export function ReportTable({
  report,
  rows,
  groupLabel,
  caption,
}: {
  report: ResponseTimes;
  rows: ReportRow[];
  groupLabel: string;
  caption: string;
}) {
  const month = groupLabel === t.groups.month;
  return (
    <TableContainer sx={{ overflowX: 'auto' }} className="reports-table">
      <Table size="small" aria-label={caption} stickyHeader={false}>
        <TableHead>
          <TableRow>
            <TableCell rowSpan={2}>{groupLabel}</TableCell>
            <TableCell rowSpan={2} align="right">
              {t.jobs}
            </TableCell>
            {REPORT_MEASURES.map((m) => (
              <Tooltip key={m} title={t.measureHints[m]}>
                <TableCell colSpan={withShare(m) ? 3 : 2} align="center" sx={{ fontWeight: 600 }}>
                  {t.measures[m]}
                </TableCell>
              </Tooltip>
            ))}
          </TableRow>
          <TableRow>
            {REPORT_MEASURES.map((m) => [
              <TableCell key={`${m}-md`} align="right">
                {t.median}
              </TableCell>,
              <TableCell key={`${m}-p90`} align="right">
                {t.p90}
              </TableCell>,
              withShare(m) ? (
                <TableCell key={`${m}-in`} align="right">
                  {t.withinTarget}
                </TableCell>
              ) : null,
            ])}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key || 'none'} hover>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {month ? formatMonth(row.label) : row.label}
              </TableCell>
              <Cells row={row} />
            </TableRow>
          ))}
          <TableRow sx={{ '& td, & th': { fontWeight: 700 } }} data-testid="reports-total">
            <TableCell component="th" scope="row">
              {t.total}
            </TableCell>
            <Cells row={report.total} />
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
