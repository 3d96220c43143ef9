/**
 * 'Tisk zprávy': opens the event's incident report in a new tab (route.ts), where the browser prints it to PDF.
 * Offered for a saved event to whoever may view events (the call answers the same: view Event, the event
 * visible). An icon beside 'Zobrazit událost' in the event detail, a button in the view dialog.
 */
import { Button, IconButton, Tooltip } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { incidentReportTexts as T } from '@panel/domain/incidentReport';
import { useAbility } from '../../stores/useAbility';
import { openIncidentReport } from './route';

export function ReportButton({ eventId, variant }: { eventId: number | null; variant: 'icon' | 'button' }) {
  const ability = useAbility();
  if (eventId == null || !ability.can('view', 'Event')) return null;
  const open = () => openIncidentReport(eventId);
  if (variant === 'button') {
    return (
      <Button variant="outlined" size="small" startIcon={<PrintIcon />} onClick={open}>
        {T.print}
      </Button>
    );
  }
  return (
    <Tooltip title={T.print}>
      <IconButton size="small" aria-label={T.print} onClick={open}>
        <PrintIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
