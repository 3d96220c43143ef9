/**
 * Detail of the vehicle chosen in the deployment dialog: base, type, plate, status, position (stale warning) and
 * its deployment, with the one action 000 §4 offers — deploy a free vehicle, move one from another event, end
 * the deployment on this event — and, for a vehicle deployed here, its job status and ETA with 'Uložit'.
 */
import { useEffect, useState } from 'react';
import { Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { JOB_START_STATUSES } from '@panel/domain/constants';
import { formatDateTime, fromWireTime, parseFormDateTime, toWireTime } from '@panel/domain/locale';
import { canDoDeployAction, canUpdateJob, deployActionOf, type DeployAction } from '@panel/domain/vehicles';
import type { EventJob } from '@panel/domain/sync';
import { useAuthStore } from '../../stores/authStore';
import { useAbility } from '../../stores/useAbility';
import { jobStatusStyle } from '../events/head/headColors';
import { PositionCell } from './PositionCell';
import { EtaCell } from './EtaCell';
import { trackingTexts } from '@panel/domain/tracking';
import { vt } from './texts';
import { vehicleStatusLabel, type OverviewRow } from './vehicleModel';
import { readableTextOn } from '../../ui/contrast';

const ACTION_LABEL: Record<DeployAction, string> = {
  deploy: vt.actions.deploy,
  move: vt.actions.move,
  end: vt.actions.end,
};

export interface VehicleDetailProps {
  row: OverviewRow;
  /** the bundle's job when the vehicle is deployed on this event (status and ETA to edit) */
  job: EventJob | undefined;
  busy: boolean;
  onAction: (action: DeployAction, row: OverviewRow) => void;
  onSave: (job: EventJob, patch: { eventJobStatusId?: number; arriveAt?: string | null }) => void;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children || '–'}
      </Typography>
    </Box>
  );
}

export function VehicleDetail({ row, job, busy, onAction, onSave }: VehicleDetailProps) {
  const ability = useAbility();
  const user = useAuthStore((s) => s.user);
  const r = row.resource;
  const action = deployActionOf(row.deployment);
  const allowed = canDoDeployAction(action, ability, { baseId: user?.baseId ?? null }, r);
  const [status, setStatus] = useState<number>(job?.eventJobStatusId ?? 14);
  const [eta, setEta] = useState('');
  const [etaError, setEtaError] = useState(false);

  useEffect(() => {
    setStatus(job?.eventJobStatusId ?? 14);
    setEta(job?.arriveAt ? formatDateTime(fromWireTime(job.arriveAt)) : '');
    setEtaError(false);
  }, [job?.id, job?.eventJobStatusId, job?.arriveAt]);

  const save = () => {
    if (!job) return;
    const text = eta.trim();
    const date = text ? parseFormDateTime(text) : null;
    if (text && !date) {
      setEtaError(true);
      return;
    }
    setEtaError(false);
    const patch: { eventJobStatusId?: number; arriveAt?: string | null } = {};
    if (status !== job.eventJobStatusId) patch.eventJobStatusId = status;
    const arriveAt = date ? toWireTime(date) : null;
    if (arriveAt !== job.arriveAt) patch.arriveAt = arriveAt;
    onSave(job, patch);
  };

  const deployedHere = row.deployment === 'here';
  return (
    <Box data-testid="vehicle-detail" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {r.name}
        </Typography>
        {row.deployment === 'free' && <Chip size="small" color="success" label={vt.free} />}
        {deployedHere && <Chip size="small" color="primary" label={vt.here} />}
        {row.deployment === 'elsewhere' && <Chip size="small" color="warning" label={row.eventLabel} />}
        {row.job && (
          <Chip
            size="small"
            label={jobStatusStyle(row.job.eventJobStatusId).name}
            sx={{
              bgcolor: jobStatusStyle(row.job.eventJobStatusId).color,
              color: readableTextOn(jobStatusStyle(row.job.eventJobStatusId).color),
            }}
          />
        )}
        <Box sx={{ flex: 1 }} />
        <Button
          variant="contained"
          color={action === 'end' ? 'error' : action === 'move' ? 'warning' : 'primary'}
          disabled={!allowed || busy}
          title={allowed ? undefined : vt.noRight}
          onClick={() => onAction(action, row)}
        >
          {ACTION_LABEL[action]}
        </Button>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
        <Field label={vt.columns.base}>{row.baseCode}</Field>
        <Field label={vt.columns.type}>{row.typeName}</Field>
        <Field label={vt.licence}>{r.licence}</Field>
        <Field label={vt.columns.status}>{vehicleStatusLabel(r.status)}</Field>
        <Field label={vt.columns.position}>
          <PositionCell position={row.position} />
        </Field>
        {row.eta && (
          <Field label={trackingTexts.distanceEta}>
            <EtaCell eta={row.eta} />
          </Field>
        )}
        <Field label={vt.coordinates}>
          {r.pnt ? `${r.pnt.latitude.toFixed(6)}, ${r.pnt.longitude.toFixed(6)}` : ''}
        </Field>
        {row.job && row.job.eventTitle && <Field label={vt.columns.event}>{row.job.eventTitle}</Field>}
      </Stack>
      {deployedHere && job && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'flex-start' }}>
          <TextField
            select
            size="small"
            label={vt.columns.jobStatus}
            value={status}
            onChange={(e) => setStatus(Number(e.target.value))}
            sx={{ minWidth: 180 }}
            disabled={!canUpdateJob(ability)}
          >
            {JOB_START_STATUSES.map((id) => (
              <MenuItem key={id} value={id}>
                {jobStatusStyle(id).name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={vt.etaLabel}
            value={eta}
            onChange={(e) => setEta(e.target.value)}
            error={etaError}
            helperText={etaError ? vt.etaInvalid : undefined}
            slotProps={{ htmlInput: { maxLength: 16, inputMode: 'numeric' } }}
            disabled={!canUpdateJob(ability)}
          />
          <Button variant="outlined" onClick={save} disabled={busy || !canUpdateJob(ability)}>
            {vt.actions.save}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
