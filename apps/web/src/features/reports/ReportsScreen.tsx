/**
 * 'Časy zásahů' (issue 26 item 2): turnout, travel, on scene, return and arrival per vehicle, unit, category or
 * month for management (MNG), the central base and — for their own vehicles — the units. Filters, the charts,
 * the table, the CSV for Excel and the print. Loaded as its own chunk with the chart library (LazyReports.tsx).
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  AppBar,
  Box,
  Button,
  Dialog,
  IconButton,
  LinearProgress,
  Stack,
  Toolbar,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { toWireTime } from '@panel/domain/locale';
import { pluralize } from '@panel/domain/locale';
import {
  buildReportCsv,
  formatTarget,
  reportCsvName,
  reportTexts as t,
  type ResponseTimes,
} from '@panel/domain/reports';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { ReportFilters, type ReportFilterValues } from './ReportFilters';
import { ReportTable } from './ReportTable';
import ReportCharts from './ReportCharts';
import { ReportPrintStyles, PRINT_ROOT_CLASS } from './printStyles';
import { useResponseTimes } from './useResponseTimes';

const DAY = 86_400_000;
const today = () => toWireTime(new Date()).slice(0, 10);
const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);
const czDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** Offers the text as a file download (a link with `download`, clicked and dropped). */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The period, the jobs, the targets and the filters in force (so a print says what it shows). */
function Summary({ report, filters }: { report: ResponseTimes; filters: string[] }) {
  return (
    <Typography variant="body2" color="text.secondary" data-testid="reports-summary">
      {t.period(czDay(report.from), czDay(report.to))} · {pluralize(report.total.jobs, t.jobsCount)} ·{' '}
      {filters.map((f) => `${f} · `).join('')}
      {t.targets(formatTarget(report.targets.turnoutSeconds), formatTarget(report.targets.arrivalSeconds))}
      {report.ownBaseOnly != null && ` · ${t.scopeOwnBase}`}
    </Typography>
  );
}

export default function ReportsScreen({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [filters, setFilters] = useState<ReportFilterValues>(() => {
    const to = today();
    return { from: daysBefore(to, 89), to, baseId: '', eventCategoryId: '', resourceId: '', groupBy: 'base' };
  });
  const query = useMemo(
    () => ({
      from: filters.from || undefined,
      to: filters.to || undefined,
      baseId: filters.baseId === '' ? undefined : filters.baseId,
      eventCategoryId: filters.eventCategoryId === '' ? undefined : filters.eventCategoryId,
      resourceId: filters.resourceId === '' ? undefined : filters.resourceId,
      groupBy: filters.groupBy,
    }),
    [filters],
  );
  const { report, loading, error } = useResponseTimes(query);
  const bases = useEntitiesStore((s) => s.bases);
  const categories = useEntitiesStore((s) => s.eventCategories);
  const resources = useEntitiesStore((s) => s.resources);
  const applied = [
    filters.baseId !== '' && bases[filters.baseId] && `${t.base}: ${bases[filters.baseId].code}`,
    filters.eventCategoryId !== '' &&
      categories[filters.eventCategoryId] &&
      `${t.category}: ${categories[filters.eventCategoryId].name}`,
    filters.resourceId !== '' && resources[filters.resourceId] && `${t.vehicle}: ${resources[filters.resourceId].name}`,
  ].filter((f): f is string => !!f);
  const ownBaseOnly = report?.ownBaseOnly ?? null;

  return (
    <Dialog fullScreen open={open} onClose={onClose} className={PRINT_ROOT_CLASS} aria-labelledby="reports-title">
      <ReportPrintStyles />
      <AppBar position="static" color="default" elevation={1} className="reports-no-print">
        <Toolbar variant="dense" sx={{ gap: 1 }}>
          <Typography id="reports-title" variant="h6" component="h2" sx={{ flex: 1 }}>
            {t.title}
          </Typography>
          <Button
            startIcon={<DownloadIcon />}
            disabled={!report}
            onClick={() => report && download(reportCsvName(report), buildReportCsv(report))}
          >
            {t.exportCsv}
          </Button>
          <Button startIcon={<PrintIcon />} disabled={!report} onClick={() => window.print()}>
            {t.print}
          </Button>
          <IconButton edge="end" onClick={onClose} aria-label={t.close}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
        {loading && <LinearProgress sx={{ position: 'absolute', bottom: 0, left: 0, right: 0 }} />}
      </AppBar>
      <Box className="reports-body" sx={{ p: { xs: 1.5, md: 2 }, overflowY: 'auto', flex: 1 }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1" className="reports-print-only" sx={{ display: 'none' }}>
            {t.title}
          </Typography>
          <Box className="reports-no-print">
            <ReportFilters value={filters} onChange={setFilters} ownBaseOnly={ownBaseOnly} />
          </Box>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {report && <Summary report={report} filters={applied} />}
          {report && report.total.jobs === 0 && <Alert severity="info">{t.empty}</Alert>}
          {report && report.total.jobs > 0 && (
            <>
              <ReportCharts report={report} />
              <ReportTable report={report} rows={report.rows} groupLabel={t.groups[report.groupBy]} caption={t.title} />
            </>
          )}
        </Stack>
      </Box>
    </Dialog>
  );
}
