/**
 * The deployment dialog (000 §2 Vehicles and deployment): the vehicle overview of GET /v2/resources with filter
 * chips Dron and Inspektor, a text filter and sortable columns; a row opens its detail with the action 000 §4
 * offers. Moving and ending ask first ('Technika zasahuje u jiné události! Chcete ji přesunout?', 'Chcete opravdu
 * ukončit nasazení této techniky?'). Pushes keep the rows live (the bundle's vehicles and jobs override the
 * fetched ones); the overview is fetched again after each own write.
 *
 * Issue 14: each free vehicle's distance and ETA to the event (GET /v2/events/{id}/vehicle-eta: a road route for
 * the nearest few when the server has a routing service, else the straight-line estimate, labelled), the table
 * sorted by it, and the nearest free vehicle preselected — its 'Nasadit' is one click — and one button away
 * after looking at others ('Nejbližší volné vozidlo').
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import NearMeIcon from '@mui/icons-material/NearMe';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import type { DeployAction } from '@panel/domain/vehicles';
import type { Event, EventJob } from '@panel/domain/sync';
import { trackingTexts, type VehicleEta } from '@panel/domain/tracking';
import { EtaCell } from './EtaCell';
import { isAbortError } from '../../api/client';
import { listResources, type ResourceOverview } from '../../api/jobs';
import { fetchVehicleEta } from '../../api/tracking';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { deployVehicle, endDeployment, saveJob } from './jobActions';
import { PositionCell, useVehicleClock } from './PositionCell';
import { vt } from './texts';
import { VehicleDetail } from './VehicleDetail';
import { canDeploy } from '@panel/domain/vehicles';
import { RunCardPlan } from '../runCards/RunCardPlan';
import { useAbility } from '../../stores/useAbility';
import {
  filterRows,
  nearestFree,
  overviewRows,
  sortRows,
  vehicleStatusLabel,
  type OverviewFilter,
  type OverviewRow,
  type SortDir,
  type SortKey,
} from './vehicleModel';

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: vt.columns.name },
  { key: 'base', label: vt.columns.base },
  { key: 'type', label: vt.columns.type },
  { key: 'status', label: vt.columns.status },
  { key: 'position', label: vt.columns.position },
  { key: 'eta', label: trackingTexts.distanceEta },
  { key: 'event', label: vt.columns.event },
];

export interface DeploymentDialogProps {
  event: Event;
  open: boolean;
  onClose: () => void;
  /** a vehicle to show in the detail at once (a row clicked in the tab) */
  initialResourceId?: number | null;
}

function EventCell({ row }: { row: OverviewRow }) {
  // success.dark: the outlined green on a selected row's tint is below 4.5:1 (axe, a11y.spec)
  if (row.deployment === 'free') {
    return <Chip size="small" variant="outlined" color="success" label={vt.free} sx={{ color: 'success.dark' }} />;
  }
  if (row.deployment === 'here') return <Chip size="small" color="primary" label={vt.here} />;
  return (
    <Chip size="small" variant="outlined" color="warning" label={row.eventLabel} title={row.job?.eventTitle ?? ''} />
  );
}

export function DeploymentDialog({ event, open, onClose, initialResourceId = null }: DeploymentDialogProps) {
  const [list, setList] = useState<ResourceOverview[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [filter, setFilter] = useState<OverviewFilter>({ drone: false, inspector: false, text: '' });
  const [sort, setSort] = useState<{ key: SortKey; dir: SortDir }>({ key: 'eta', dir: 'asc' });
  const [etas, setEtas] = useState<ReadonlyMap<number, VehicleEta>>(new Map());
  /** the nearest free vehicle is preselected once per opening, unless the user has picked a row */
  const [autoPick, setAutoPick] = useState(true);
  const [selected, setSelected] = useState<number | null>(initialResourceId);
  const [confirm, setConfirm] = useState<{ action: 'move' | 'end'; row: OverviewRow } | null>(null);
  const [busy, setBusy] = useState(false);

  const types = useEntitiesStore((s) => s.resourceTypes);
  const bases = useEntitiesStore((s) => s.bases);
  const resources = useEntitiesStore((s) => s.resources);
  const jobs = useEntitiesStore((s) => s.eventJobs);
  const events = useEntitiesStore((s) => s.events);
  const now = useVehicleClock();
  const ability = useAbility();

  const eventId = event.id ?? null;
  const load = useCallback(async () => {
    const distances =
      eventId === null
        ? Promise.resolve([])
        : fetchVehicleEta(eventId).catch((error: unknown) => {
            // the table works without distances: sorted as before, no ETA column values
            if (!isAbortError(error)) console.error('[vehicles] distances failed', error);
            return [] as VehicleEta[];
          });
    try {
      setList(await listResources());
      setFailed(false);
    } catch (error) {
      if (isAbortError(error)) return;
      console.error('[vehicles] overview failed', error);
      setFailed(true);
    }
    setEtas(new Map((await distances).map((e) => [e.resourceId, e])));
  }, [eventId]);

  useEffect(() => {
    if (!open) return;
    setSelected(initialResourceId);
    setAutoPick(initialResourceId === null);
    void load();
  }, [open, initialResourceId, load]);

  const rows = useMemo(
    () => overviewRows(list ?? [], { types, bases, resources, jobs, events }, event.id, now, etas),
    [list, types, bases, resources, jobs, events, event.id, now, etas],
  );
  const nearest = useMemo(() => nearestFree(filterRows(rows, filter)), [rows, filter]);
  useEffect(() => {
    if (autoPick && nearest) {
      setSelected(nearest.id);
      setAutoPick(false);
    }
  }, [autoPick, nearest]);
  const shown = useMemo(() => sortRows(filterRows(rows, filter), sort.key, sort.dir), [rows, filter, sort]);
  const current = rows.find((r) => r.id === selected) ?? null;
  const currentJob: EventJob | undefined =
    current?.deployment === 'here' && current.job ? jobs[current.job.id] : undefined;

  const run = async (work: () => Promise<boolean>) => {
    setBusy(true);
    try {
      if (await work()) await load();
    } finally {
      setBusy(false);
    }
  };

  const onAction = (action: DeployAction, row: OverviewRow) => {
    if (event.id === null || event.id === undefined) return;
    const eventId = event.id;
    if (action === 'deploy') void run(() => deployVehicle(eventId, row.id));
    else setConfirm({ action, row });
  };

  const confirmed = () => {
    if (!confirm || event.id === null || event.id === undefined) return;
    const { action, row } = confirm;
    const eventId = event.id;
    if (action === 'move') void run(() => deployVehicle(eventId, row.id, true));
    else if (row.job) void run(() => endDeployment({ id: row.job!.id, resourceId: row.id }));
  };

  const sortBy = (key: SortKey) =>
    setSort((s) => (s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' }));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 'min(1100px, calc(100vw - 32px))' } } }}
      aria-labelledby="deployment-dialog-title"
    >
      <DialogTitle id="deployment-dialog-title">
        {vt.dialogTitle}
        {event.code ? ` – ${event.code}` : ''}
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {/* the run card's plan when one matches the event (issue 26 item 1) */}
        <RunCardPlan event={event} open={open} rows={rows} canDeploy={canDeploy(ability)} onDeployed={load} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip
            label={vt.filterDrone}
            color={filter.drone ? 'primary' : 'default'}
            variant={filter.drone ? 'filled' : 'outlined'}
            aria-pressed={filter.drone}
            onClick={() => setFilter((f) => ({ ...f, drone: !f.drone }))}
          />
          <Chip
            label={vt.filterInspector}
            color={filter.inspector ? 'primary' : 'default'}
            variant={filter.inspector ? 'filled' : 'outlined'}
            aria-pressed={filter.inspector}
            onClick={() => setFilter((f) => ({ ...f, inspector: !f.inspector }))}
          />
          <TextField
            size="small"
            placeholder={vt.search}
            value={filter.text}
            onChange={(e) => setFilter((f) => ({ ...f, text: e.target.value }))}
            sx={{ flex: 1, maxWidth: 360 }}
            slotProps={{
              htmlInput: { 'aria-label': vt.search },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button
            size="small"
            variant="outlined"
            startIcon={<NearMeIcon />}
            disabled={!nearest}
            title={nearest ? undefined : trackingTexts.noNearestFree}
            onClick={() => {
              if (!nearest) return;
              setSelected(nearest.id);
              document.querySelector(`[data-resource-id="${nearest.id}"]`)?.scrollIntoView?.({ block: 'nearest' });
            }}
          >
            {trackingTexts.nearestFree}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Typography variant="caption" color="text.secondary" data-testid="vehicle-count">
            {shown.length} / {rows.length}
          </Typography>
        </Stack>

        {list === null && !failed && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', p: 2 }}>
            <CircularProgress size={18} />
            <Typography variant="body2">{vt.loading}</Typography>
          </Stack>
        )}
        {failed && <Typography color="error">{vt.loadFailed}</Typography>}

        {list !== null && (
          <TableContainer sx={{ maxHeight: 380, minHeight: 200, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label={vt.dialogTitle}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((c) => (
                    <TableCell key={c.key} sortDirection={sort.key === c.key ? sort.dir : false}>
                      <TableSortLabel
                        active={sort.key === c.key}
                        direction={sort.key === c.key ? sort.dir : 'asc'}
                        onClick={() => sortBy(c.key)}
                      >
                        {c.label}
                      </TableSortLabel>
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((row) => (
                  <TableRow
                    key={row.id}
                    hover
                    selected={row.id === selected}
                    onClick={() => {
                      setSelected(row.id);
                      setAutoPick(false);
                    }}
                    data-testid="vehicle-row"
                    data-resource-id={row.id}
                    data-deployment={row.deployment}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell>
                      <Box sx={{ fontWeight: 600 }}>{row.resource.name}</Box>
                      {row.resource.licence && (
                        <Box sx={{ color: 'text.secondary', fontSize: 12 }}>{row.resource.licence}</Box>
                      )}
                    </TableCell>
                    <TableCell>{row.baseCode}</TableCell>
                    <TableCell>{row.typeName}</TableCell>
                    <TableCell>{vehicleStatusLabel(row.resource.status)}</TableCell>
                    <TableCell>
                      <PositionCell position={row.position} />
                    </TableCell>
                    <TableCell>
                      <EtaCell eta={row.eta} />
                    </TableCell>
                    <TableCell>
                      <EventCell row={row} />
                    </TableCell>
                  </TableRow>
                ))}
                {shown.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length} sx={{ color: 'text.secondary', textAlign: 'center' }}>
                      {vt.noMatch}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}

        {current ? (
          <VehicleDetail
            row={current}
            job={currentJob}
            busy={busy}
            onAction={onAction}
            onSave={(job, patch) => void run(() => saveJob(job, patch))}
          />
        ) : (
          list !== null && (
            <Typography variant="body2" color="text.secondary">
              {vt.pickVehicle}
            </Typography>
          )
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{vt.actions.close}</Button>
      </DialogActions>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.action === 'move' ? vt.moveTitle : vt.endTitle}
        text={confirm?.action === 'move' ? vt.moveConfirm : vt.endConfirm}
        confirmLabel={vt.actions.yes}
        cancelLabel={vt.back}
        onConfirm={confirmed}
        onClose={() => setConfirm(null)}
      />
    </Dialog>
  );
}
