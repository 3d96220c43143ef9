/**
 * The charts where people would rather look than read (issue 26 item 2), drawn with @mui/x-charts (MUI's own
 * chart library; this file is only reached through the screen's lazy chunk, so the login bundle never carries
 * it): the distribution of turnout and arrival, the monthly trend of the arrival's median and 90th percentile,
 * and the 90th percentiles by unit. Animation off: the print and the screenshots catch the final drawing.
 */
import { Box, Paper, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import {
  formatDuration,
  formatMonth,
  reportTexts as t,
  type ReportBucket,
  type ResponseTimes,
} from '@panel/domain/reports';

const minutes = (s: number | null) => (s == null ? null : Math.round((s / 60) * 10) / 10);
const bucketLabel = (b: ReportBucket) => (b.to == null ? `${formatDuration(b.from)}+` : formatDuration(b.from));

function ChartBox({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0, breakInside: 'avoid' }} data-testid={testId}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export default function ReportCharts({ report }: { report: ResponseTimes }) {
  const { turnout, arrival } = report.distribution;
  const months = report.byMonth;
  const bases = report.byBase;
  return (
    <Box
      className="reports-charts"
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <ChartBox title={`${t.charts.distribution} – ${t.measures.turnout.toLowerCase()}`} testId="chart-turnout">
        <BarChart
          height={220}
          skipAnimation
          hideLegend
          xAxis={[{ scaleType: 'band', data: turnout.map(bucketLabel), label: 'm:ss' }]}
          series={[{ data: turnout.map((b) => b.count), label: t.charts.turnoutShare, color: '#1976d2' }]}
        />
      </ChartBox>
      <ChartBox title={`${t.charts.distribution} – ${t.measures.arrival.toLowerCase()}`} testId="chart-arrival">
        <BarChart
          height={220}
          skipAnimation
          hideLegend
          xAxis={[
            {
              scaleType: 'band',
              data: arrival.map((b) => `${b.from / 60}${b.to == null ? '+' : ''}`),
              label: t.charts.minutes,
            },
          ]}
          series={[{ data: arrival.map((b) => b.count), label: t.charts.arrivalShare, color: '#2e7d32' }]}
        />
      </ChartBox>
      <ChartBox title={t.charts.trend} testId="chart-trend">
        <LineChart
          height={220}
          margin={{ right: 28 }}
          skipAnimation
          xAxis={[{ scaleType: 'point', data: months.map((m) => formatMonth(m.key)) }]}
          yAxis={[{ label: t.charts.minutes }]}
          series={[
            { data: months.map((m) => minutes(m.arrival.median)), label: t.median, color: '#1976d2', curve: 'linear' },
            { data: months.map((m) => minutes(m.arrival.p90)), label: t.p90, color: '#d32f2f', curve: 'linear' },
          ]}
        />
      </ChartBox>
      <ChartBox title={t.charts.byBase} testId="chart-bases">
        <BarChart
          height={Math.max(220, 28 * bases.length + 60)}
          skipAnimation
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: bases.map((b) => b.label.split(' – ')[0]), width: 48 }]}
          xAxis={[{ label: t.charts.minutes }]}
          series={[
            { data: bases.map((b) => minutes(b.turnout.p90)), label: t.measures.turnout, color: '#1976d2' },
            { data: bases.map((b) => minutes(b.arrival.p90)), label: t.measures.arrival, color: '#2e7d32' },
          ]}
        />
      </ChartBox>
    </Box>
  );
}
