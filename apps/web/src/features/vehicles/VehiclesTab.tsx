/**
 * The 'Technika' tab (000 §2): the event's deployed vehicles — name and unit, job status (14 departure order …
 * 19 on the way back; 20 left out), vehicle status (0 off, 1 trip, 2 observer, 3 navigation), ETA and the
 * position time with the stale warning above 300 s — with 'Nasadit techniku' (create EventJob) opening the
 * deployment dialog and, per row, ending the deployment (vehicle of the own base, or the central base).
 */
import { useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import GpsOffIcon from '@mui/icons-material/GpsOff';
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { formatDateTime, formatTime, fromWireTime } from '@panel/domain/locale';
import { canDeploy, canDoDeployAction } from '@panel/domain/vehicles';
import type { Event, EventJob } from '@panel/domain/sync';
import { trackingTexts } from '@panel/domain/tracking';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useAbility } from '../../stores/useAbility';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { jobStatusStyle } from '../events/head/headColors';
import { selectJobsByEvent } from '../events/head/headModel';
import { DeploymentDialog } from './DeploymentDialog';
import { DeploymentTracks } from './DeploymentTracks';
import { endDeployment, setJobGeofence } from './jobActions';
import { PositionCell, useVehicleClock } from './PositionCell';
import { vt } from './texts';
import { deployedRows, vehicleStatusLabel, type DeployedRow, type EtaKind } from './vehicleModel';
import { readableTextOn } from '../../ui/contrast';

const NO_JOBS: EventJob[] = [];

/** The ETA's label: a road route and an estimate are never shown alike (issue 14). */
const ETA_LABELS: Record<EtaKind, string> = {
  arrival: vt.columns.eta,
  route: trackingTexts.etaRoute,
  estimate: trackingTexts.etaEstimate,
};

/** 'HH:mm' today, 'DD.MM.YYYY HH:mm' another day. */
function etaText(eta: string | null, now: number): string {
  const d = fromWireTime(eta);
  if (!d) return '';
  return formatDateTime(d).slice(0, 10) === formatDateTime(now).slice(0, 10) ? formatTime(d) : formatDateTime(d);
}

/**
 * The per-deployment switch of the automatic statuses by position (geofence): pressed = on. With the server's
 * setting off it is shown disabled with the reason, so nobody believes a switched-on deployment is watched.
 */
function GeofenceSwitch({
  on,
  enabledBySetting,
  name,
  onToggle,
}: {
  on: boolean;
  enabledBySetting: boolean;
  name: string;
  onToggle: (on: boolean) => void;
}) {
  const active = on && enabledBySetting;
  const title = enabledBySetting
    ? `${trackingTexts.geofence}: ${on ? 'zapnuto' : 'vypnuto'}. ${trackingTexts.geofenceHint}`
    : trackingTexts.geofenceOffBySetting;
  return (
    <Tooltip title={title}>
      <span>
        <IconButton
          size="small"
          color={active ? 'primary' : 'default'}
          aria-label={`${trackingTexts.geofence}: ${name}`}
          aria-pressed={on}
          data-testid="geofence-switch"
          disabled={!enabledBySetting}
          onClick={(e) => {
            e.stopPropagation();
            onToggle(!on);
          }}
          sx={{ p: 0.25 }}
        >
          {active ? <GpsFixedIcon fontSize="small" /> : <GpsOffIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function VehiclesTab({ event }: { event: Event }) {
  const jobs = useEntitiesStore((s) => (event.id != null ? selectJobsByEvent(s).get(event.id) : undefined)) ?? NO_JOBS;
  const resources = useEntitiesStore((s) => s.resources);
  const bases = useEntitiesStore((s) => s.bases);
  const user = useAuthStore((s) => s.user);
  const ability = useAbility();
  const geofenceSetting = useEntitiesStore((s) => s.settings.geofence !== false);
  const now = useVehicleClock();
  const [dialog, setDialog] = useState<{ open: boolean; resourceId: number | null }>({ open: false, resourceId: null });
  const [ending, setEnding] = useState<DeployedRow | null>(null);

  const rows = useMemo(() => deployedRows(jobs, resources, bases, now), [jobs, resources, bases, now]);
  const saved = event.id !== null && event.id !== undefined;
  const mayDeploy = saved && canDeploy(ability);
  const ruleUser = { baseId: user?.baseId ?? null };

  return (
    <Box data-testid="vehicles-tab" sx={{ p: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {vt.tab} ({rows.length})
        </Typography>
        {mayDeploy && (
          <Button
            size="small"
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ open: true, resourceId: null })}
          >
            {vt.deploy}
          </Button>
        )}
      </Stack>

      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          {vt.empty}
        </Typography>
      ) : (
        <Box component="ul" aria-label={vt.tab} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((row) => {
            const style = jobStatusStyle(row.job.eventJobStatusId);
            const mayEnd = canDoDeployAction('end', ability, ruleUser, {
              baseId: row.resource?.baseId ?? row.job.baseId,
            });
            const eta = etaText(row.eta, now);
            return (
              <Box
                component="li"
                key={row.job.id}
                data-testid="deployed-vehicle"
                data-resource-id={row.job.resourceId ?? undefined}
                data-status={row.job.eventJobStatusId}
                onClick={() => saved && setDialog({ open: true, resourceId: row.job.resourceId })}
                sx={{
                  borderLeft: 4,
                  borderColor: style.color,
                  borderBottom: 1,
                  borderBottomColor: 'divider',
                  px: 1,
                  py: 0.75,
                  cursor: saved ? 'pointer' : 'default',
                  '&:hover': { bgcolor: 'action.hover' },
                }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                  <Typography
                    variant="body2"
                    sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
                    noWrap
                  >
                    {row.name}
                  </Typography>
                  <Chip
                    size="small"
                    label={style.name}
                    title={vt.columns.jobStatus}
                    sx={{ bgcolor: style.color, color: readableTextOn(style.color), fontWeight: 600, height: 20 }}
                  />
                  {mayDeploy && (
                    <GeofenceSwitch
                      on={row.job.geofence !== false}
                      enabledBySetting={geofenceSetting}
                      name={row.name}
                      onToggle={(on) => void setJobGeofence(row.job, on)}
                    />
                  )}
                  {mayEnd && (
                    <Tooltip title={vt.actions.end}>
                      <IconButton
                        size="small"
                        color="error"
                        aria-label={`${vt.actions.end}: ${row.name}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          setEnding(row);
                        }}
                        sx={{ p: 0.25 }}
                      >
                        <StopCircleOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
                <Stack
                  direction="row"
                  sx={{
                    flexWrap: 'wrap',
                    columnGap: 1.5,
                    rowGap: 0.25,
                    fontSize: 12,
                    color: 'text.secondary',
                    mt: 0.25,
                  }}
                >
                  <span>{[row.baseCode, row.resource?.licence].filter(Boolean).join(' · ')}</span>
                  <span title={vt.columns.status}>{vehicleStatusLabel(row.resource?.status)}</span>
                  {eta && (
                    <span data-testid="deployed-eta" data-eta-kind={row.etaKind ?? ''}>
                      {row.etaKind ? ETA_LABELS[row.etaKind] : vt.columns.eta} {eta}
                    </span>
                  )}
                  <PositionCell position={row.position} />
                </Stack>
              </Box>
            );
          })}
        </Box>
      )}

      {event.id != null && <DeploymentTracks eventId={event.id} />}

      {saved && (
        <DeploymentDialog
          event={event}
          open={dialog.open}
          initialResourceId={dialog.resourceId}
          onClose={() => setDialog({ open: false, resourceId: null })}
        />
      )}
      <ConfirmDialog
        open={ending !== null}
        title={vt.endTitle}
        text={vt.endConfirm}
        confirmLabel={vt.actions.yes}
        cancelLabel={vt.back}
        onConfirm={() => ending && void endDeployment(ending.job)}
        onClose={() => setEnding(null)}
      />
    </Box>
  );
}
