/**
 * The printable incident report (issue 26 item 3), its own browser tab at `/zprava-udalosti/{id}` (route.ts):
 * one call for its data, laid out as an A4 sheet on screen and for print (`@page` A4, the toolbar hidden), always
 * in the light theme, the document title naming the event so the browser's 'Uložit jako PDF' offers that name.
 * Loaded lazily with this tab only; the panel's bundle and the login bundle do not carry it.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  CssBaseline,
  GlobalStyles,
  Stack,
  ThemeProvider,
  Typography,
} from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { incidentReportTexts as T, type IncidentReport } from '@panel/domain/incidentReport';
import { ApiError } from '../../api/client';
import { fetchIncidentReport } from '../../api/incidentReport';
import { panelTheme } from '../../ui/theme';
import { ConversationsSection } from './ConversationsSection';
import { EventSection } from './EventSection';
import { PeopleSection } from './PeopleSection';
import { ReportMap } from './ReportMap';
import { TimelineSection } from './TimelineSection';
import { VehiclesSection } from './VehiclesSection';
import { reportTime } from './format';

const printStyles = {
  '@page': { size: 'A4', margin: '12mm' },
  '@media print': {
    'html, body': { background: '#fff !important' },
    '.no-print': { display: 'none !important' },
    '*': { printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
  },
} as const;

type State = { report: IncidentReport } | { error: string } | null;

function ReportBody({ report }: { report: IncidentReport }) {
  return (
    <>
      <Box component="header" sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" sx={{ fontSize: 22, fontWeight: 700, flexGrow: 1 }}>
          {T.title} {report.event.code ?? ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {T.generatedAt}: {reportTime(report.generatedAt)}
        </Typography>
      </Box>
      {report.event.subject && (
        <Typography sx={{ fontSize: 15, fontWeight: 600, mt: 0.5 }}>{report.event.subject}</Typography>
      )}
      <EventSection event={report.event} />
      <TimelineSection rows={report.timeline} />
      <VehiclesSection vehicles={report.vehicles} />
      <PeopleSection report={report} />
      <ReportMap report={report} />
      <ConversationsSection conversations={report.conversations} />
    </>
  );
}

export default function IncidentReportPage({ eventId }: { eventId: number }) {
  const theme = useMemo(() => panelTheme(false), []);
  const [state, setState] = useState<State>(null);

  useEffect(() => {
    let alive = true;
    fetchIncidentReport(eventId).then(
      (report) => alive && setState({ report }),
      (error: unknown) => {
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 403);
        if (alive) setState({ error: missing ? T.notFound : T.failed });
      },
    );
    return () => {
      alive = false;
    };
  }, [eventId]);

  const code = state && 'report' in state ? state.report.event.code : null;
  useEffect(() => {
    document.title = code ? `${T.title} ${code}` : T.title;
  }, [code]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles styles={printStyles} />
      <Box
        sx={{
          bgcolor: '#e3e7ec',
          minHeight: '100vh',
          py: { xs: 0, md: 3 },
          '@media print': { bgcolor: '#fff', py: 0 },
        }}
      >
        <Stack
          className="no-print"
          direction="row"
          spacing={1}
          sx={{ maxWidth: '210mm', mx: 'auto', mb: { xs: 0, md: 1 }, p: { xs: 1, md: 0 }, justifyContent: 'flex-end' }}
        >
          <Button variant="contained" startIcon={<PrintIcon />} disabled={!code} onClick={() => window.print()}>
            {T.printNow}
          </Button>
        </Stack>
        <Box
          component="article"
          data-testid="incident-report"
          sx={{
            maxWidth: '210mm',
            mx: 'auto',
            bgcolor: '#fff',
            color: '#212121',
            p: { xs: 2, md: '12mm' },
            boxShadow: { xs: 'none', md: '0 1px 6px rgba(0,0,0,0.25)' },
            '@media print': { maxWidth: 'none', p: 0, boxShadow: 'none' },
          }}
        >
          {state === null && (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <CircularProgress size={20} />
              <Typography>{T.loading}</Typography>
            </Stack>
          )}
          {state && 'error' in state && <Alert severity="error">{state.error}</Alert>}
          {state && 'report' in state && <ReportBody report={state.report} />}
        </Box>
      </Box>
    </ThemeProvider>
  );
}
