/**
 * 'Přehled zařízení jednotky' (001 §2 Device overview; manage Device). The unit's devices in tables by code
 * prefix and ownership, with the daily connection test: a row's class and text come from the test result, a
 * row opens its detail when it has a result, 'otestovat' requests a test of one device, 'Otestovat služební
 * zařízení' of every corporate device of the unit. Own unit: the bundle's devices (live through sync); another
 * unit: GET /v2/devices?baseId= overlaid by whatever the bundle holds of it.
 */
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { formatDateTime, formatPhone } from '@panel/domain/locale';
import { devicesApi, type DeviceRow } from '../../api/devices';
import { isAbortError } from '../../api/client';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useAbility } from '../../stores/useAbility';
import { toast } from '../../ui/toasts';
import { canUnlockLogins } from '@panel/domain/auth';
import { LoginUnlock } from '../auth/LoginUnlock';
import { useIsMobile } from '../../ui/useIsMobile';
import { DeviceDetailDialog } from './DeviceDetailDialog';
import { DeviceDeliveryLine } from '../receipts/DeviceDeliveryLine';
import {
  DEVICE_TABLES,
  canOpenDetail,
  corporateTestIds,
  groupDevices,
  isTestable,
  lastContact,
  rowClass,
  selectableUnits,
  statusColor,
  testStatusOf,
  type DeviceTable,
} from './deviceModel';
import { DEVICE_TEXTS as T } from './texts';
import { dialogPaper } from '../../ui/dialogWidths';

const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message && !error.message.startsWith('HTTP ') ? error.message : fallback;

/** Devices of the chosen unit: the bundle for the own unit, the list call (overlaid by the bundle) otherwise. */
function useUnitDevices(baseId: number | null, ownBaseId: number | null) {
  const bundle = useEntitiesStore((s) => s.devices);
  const fromBundle = baseId !== null && baseId === ownBaseId;
  const [remote, setRemote] = useState<{ baseId: number; rows: DeviceRow[] } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (fromBundle || baseId === null) return;
    const controller = new AbortController();
    setError(null);
    devicesApi
      .list(baseId, controller.signal)
      .then((rows) => setRemote({ baseId, rows: Array.isArray(rows) ? rows : [] }))
      .catch((e: unknown) => {
        if (!isAbortError(e)) setError(errorText(e, T.loadFailed));
      });
    return () => controller.abort();
  }, [baseId, fromBundle]);

  const rows = useMemo<DeviceRow[]>(() => {
    if (baseId === null) return [];
    const live = Object.values(bundle).filter((d) => d.baseId === baseId);
    if (fromBundle) return live;
    if (!remote || remote.baseId !== baseId) return [];
    // the bundle (pushed through sync) is newer than the list; keep the server's testStatus when it agrees
    const byId = new Map<number, DeviceRow>(remote.rows.map((d) => [d.id, d]));
    for (const d of live) {
      const old = byId.get(d.id);
      const same = old && old.testResult === d.testResult && old.status === d.status;
      byId.set(d.id, same ? { ...d, testStatus: old.testStatus } : d);
    }
    return [...byId.values()];
  }, [bundle, baseId, fromBundle, remote]);

  const loading = !fromBundle && baseId !== null && !error && (!remote || remote.baseId !== baseId);
  return { rows, loading, error };
}

/**
 * On a phone the six columns do not fit side by side (issue 24 item 7: they ran into each other and 'otestovat'
 * was cut to 'OT'): each device is a block of 'column: value' lines, the column's name from the cell's
 * data-label, the test button whole.
 */
const stackedTable = {
  '& thead': { display: 'none' },
  '& tbody, & tr, & td': { display: 'block', width: 'auto' },
  '& tr': { borderBottom: 1, borderColor: 'divider', py: 0.75 },
  '& td': { border: 0, py: 0.25, px: 1 },
  '& td[data-label]': { display: 'grid', gridTemplateColumns: '9rem minmax(0, 1fr)', columnGap: 1 },
  '& td[data-label]::before': { content: 'attr(data-label)', color: 'text.secondary' },
  '& td:empty': { display: 'none' },
} as const;

export function DevicesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const mobile = useIsMobile();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      fullWidth
      fullScreen={mobile}
      slotProps={dialogPaper('large')}
      aria-labelledby="devices-title"
    >
      {open && <DevicesBody onClose={onClose} />}
    </Dialog>
  );
}

function DevicesBody({ onClose }: { onClose: () => void }) {
  const ability = useAbility();
  const user = useAuthStore((s) => s.user);
  const basesMap = useEntitiesStore((s) => s.bases);
  const ownBaseId = user?.baseId ?? null;
  const { units, anyUnit } = useMemo(
    () => selectableUnits(ability, user, Object.values(basesMap)),
    [ability, user, basesMap],
  );
  const [baseId, setBaseId] = useState<number | null>(ownBaseId);
  const { rows, loading, error } = useUnitDevices(baseId, ownBaseId);
  const groups = useMemo(() => groupDevices(rows), [rows]);
  const [showPrivate, setShowPrivate] = useState(false);
  const [sending, setSending] = useState<ReadonlySet<number>>(new Set());
  const [sendingAll, setSendingAll] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const now = Date.now();

  const requestOne = async (id: number) => {
    setSending((s) => new Set(s).add(id));
    try {
      const answer = await devicesApi.requestTest(id);
      toast.success(answer?.message || T.testRequested);
    } catch (e) {
      toast.error(errorText(e, T.testFailed));
    } finally {
      setSending((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    }
  };

  const requestAll = async () => {
    const ids = corporateTestIds(rows);
    if (!ids.length) {
      toast.warning(T.noTestAllDevices);
      return;
    }
    setSendingAll(true);
    try {
      const answer = await devicesApi.requestTests(ids);
      toast.success(answer?.message || T.testRequested);
    } catch (e) {
      toast.error(errorText(e, T.testFailed));
    } finally {
      setSendingAll(false);
    }
  };

  const unitValue = baseId !== null && units.some((u) => u.id === baseId) ? String(baseId) : '';

  return (
    <>
      <DialogTitle id="devices-title">{T.title}</DialogTitle>
      <DialogContent dividers>
        {/* flex gap: a wrapped row (a phone) keeps its distance to the row above, so the unit's label is free */}
        <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={requestAll} disabled={sendingAll || loading || !rows.length}>
            {T.testAll}
          </Button>
          <TextField
            select
            size="small"
            label={T.unit}
            value={unitValue}
            disabled={!anyUnit || units.length < 2}
            onChange={(e) => {
              setBaseId(Number(e.target.value));
              setDetailId(null);
            }}
            sx={{ minWidth: 260 }}
            slotProps={{ select: { inputProps: { 'data-testid': 'devices-unit' } } }}
          >
            {units.map((u) => (
              <MenuItem key={u.id} value={String(u.id)}>
                {u.name}
              </MenuItem>
            ))}
          </TextField>
          {loading && <CircularProgress size={20} aria-label={T.loading} />}
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {!loading && !error && rows.length === 0 && <Typography color="text.secondary">{T.empty}</Typography>}
        {DEVICE_TABLES.map((table) => {
          const list = groups[table];
          if (!list.length) return null;
          const collapsed = table === 'private' && !showPrivate;
          return (
            <Box key={table} component="section" aria-label={T.tables[table]} sx={{ mb: 2 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {T.tables[table]}
                </Typography>
                {table === 'private' && (
                  <Button size="small" onClick={() => setShowPrivate((v) => !v)}>
                    {showPrivate ? T.hide : T.show}
                  </Button>
                )}
              </Stack>
              {!collapsed && (
                <DeviceTableView
                  table={table}
                  rows={list}
                  now={now}
                  sending={sending}
                  onTest={requestOne}
                  onOpen={(id) => setDetailId(id)}
                />
              )}
            </Box>
          );
        })}
        {user && canUnlockLogins(ability, user) && <LoginUnlock />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
      <DeviceDetailDialog deviceId={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}

function DeviceTableView({
  table,
  rows,
  now,
  sending,
  onTest,
  onOpen,
}: {
  table: DeviceTable;
  rows: DeviceRow[];
  now: number;
  sending: ReadonlySet<number>;
  onTest: (id: number) => void;
  onOpen: (id: number) => void;
}) {
  const withTest = table !== 'drone';
  const stacked = useIsMobile();
  return (
    <Table
      size="small"
      aria-label={T.tables[table]}
      data-layout={stacked ? 'stacked' : 'columns'}
      sx={stacked ? stackedTable : { tableLayout: 'fixed' }}
    >
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '24%' }}>{T.columns.codeName}</TableCell>
          <TableCell sx={{ width: '18%' }}>{T.columns.assigned}</TableCell>
          <TableCell sx={{ width: '12%' }}>{T.columns.sim}</TableCell>
          <TableCell sx={{ width: '9%' }}>{T.columns.mode}</TableCell>
          <TableCell sx={{ width: '12%' }}>{T.columns.lastContact}</TableCell>
          {/* drones are not tested: the cell only keeps the columns of the tables aligned */}
          <TableCell sx={{ width: '25%' }}>{withTest ? T.columns.dailyTest : ''}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((d) => {
          const status = testStatusOf(d);
          const openable = withTest && canOpenDetail(d);
          const busy = sending.has(d.id);
          return (
            <TableRow
              key={d.id}
              hover={openable}
              className={`device-row ${rowClass(status)}`}
              data-testid={`device-row-${d.code}`}
              onClick={openable ? () => onOpen(d.id) : undefined}
              sx={{ cursor: openable ? 'pointer' : 'default' }}
            >
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {d.code}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {d.name}
                </Typography>
              </TableCell>
              <TableCell data-label={T.columns.assigned}>{d.resourceName || '-'}</TableCell>
              <TableCell data-label={T.columns.sim}>{d.number ? formatPhone(d.number) : '-'}</TableCell>
              <TableCell data-label={T.columns.mode}>{d.status === 0 ? T.mode.inactive : T.mode.active}</TableCell>
              <TableCell data-label={T.columns.lastContact} data-testid="last-contact">
                {lastContact(d.connectedAt, now)}
                <DeviceDeliveryLine deviceId={d.id} />
              </TableCell>
              {withTest && isTestable(d) && (
                <TableCell data-label={T.columns.dailyTest}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                    <Box>
                      <Typography
                        variant="body2"
                        data-testid="test-status"
                        sx={{ color: statusColor(status), fontWeight: 600 }}
                      >
                        {T.status[status]}
                      </Typography>
                      {d.testedAt && (
                        <Typography variant="caption" color="text.secondary">
                          {formatDateTime(d.testedAt)}
                        </Typography>
                      )}
                    </Box>
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={busy}
                      sx={{ flexShrink: 0, minWidth: 'max-content' }}
                      onClick={(e: MouseEvent) => {
                        e.stopPropagation();
                        onTest(d.id);
                      }}
                    >
                      {busy ? T.testing : T.test}
                    </Button>
                  </Stack>
                </TableCell>
              )}
              {(!withTest || !isTestable(d)) && <TableCell />}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
