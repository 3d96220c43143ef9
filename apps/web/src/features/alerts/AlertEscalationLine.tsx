/**
 * The escalation chain on an event alert's card (issue 25 item 3): what the server did while nobody accepted
 * ('znovu zaznělo 10:01:00 · eskalováno na centrální dispečink 10:02:00'), why the central dispatch got it, and
 * what comes next and when ('další: SMS službě jednotky v 10:03:00'). The words are the domain's
 * (`escalationLine`); times are Prague clock times with seconds, as the steps are a minute apart.
 */
import { Stack, Typography } from '@mui/material';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { escalationLine, escalationTexts } from '@panel/domain/alerts';
import { formatClock, fromWireTime } from '@panel/domain/locale';
import type { EventAlert } from '@panel/domain/sync';

const clock = (wire: string) => formatClock(fromWireTime(wire));

export function AlertEscalationLine({ alert }: { alert: EventAlert | null | undefined }) {
  const line = escalationLine(alert?.escalation);
  if (!line) return null;
  const done = line.taken.map((t) => `${t.label} ${clock(t.at)}`).join(' · ');
  const escalated = line.taken.some((t) => t.step === 2);
  const sms = line.taken.find((t) => t.step === 3)?.detail;
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'flex-start', color: escalated ? 'error.main' : 'warning.dark', mt: 0.5 }}
      data-testid="alert-escalation"
      data-step={alert?.escalation?.step ?? 0}
    >
      <TrendingUpIcon fontSize="small" sx={{ mt: 0.1 }} />
      <Stack spacing={0}>
        {done && (
          <Typography variant="caption" sx={{ fontWeight: 600 }} data-testid="alert-escalation-done">
            {done}
          </Typography>
        )}
        {escalated && alert?.escalation?.reason && (
          <Typography variant="caption" data-testid="alert-escalation-reason">
            {alert.escalation.reason}
          </Typography>
        )}
        {sms && (
          <Typography variant="caption" data-testid="alert-escalation-sms">
            {sms}
          </Typography>
        )}
        {line.next && (
          <Typography variant="caption" color="text.secondary" data-testid="alert-escalation-next">
            {escalationTexts.nextLabel}: {line.next.label} {escalationTexts.nextAt} {clock(line.next.at)}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
