/** A free vehicle's distance and ETA to the event with its source (issue 14). */
import { Box, Chip } from '@mui/material';
import { trackingTexts, type VehicleEta } from '@panel/domain/tracking';

/** '1,4 km · 3 min' with 'trasa' (a road route) or 'odhad' (the straight-line estimate) beside it. */
export function EtaCell({ eta }: { eta: VehicleEta | null }) {
  if (!eta) return null;
  const routed = eta.source === 'route';
  return (
    <Box
      component="span"
      data-testid="vehicle-eta"
      data-source={eta.source}
      title={routed ? trackingTexts.etaRoute : trackingTexts.etaEstimate}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}
    >
      <span>
        {eta.distanceText} · {eta.durationText}
      </span>
      <Chip
        size="small"
        variant="outlined"
        color={routed ? 'primary' : 'default'}
        label={routed ? trackingTexts.routeShort : trackingTexts.estimateShort}
        aria-label={routed ? trackingTexts.etaRoute : trackingTexts.etaEstimate}
        sx={{ height: 20, fontSize: 11 }}
      />
    </Box>
  );
}
