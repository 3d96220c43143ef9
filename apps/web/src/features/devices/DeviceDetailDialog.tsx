/**
 * Device detail (001 §2): GET /v2/devices/{id} — code/name, Sim, Typ, 'Test proveden', 'Celkový výsledek
 * testu' and the table of the test parameters with their status (coloured) and the instruction hints of §8.
 * The rows are the server's evaluation (`test`), else the same domain evaluation of the device's testResult.
 * Below, for administrators, the device's position tracker and its secret (`TrackerSection`, issue 14).
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { evaluateDeviceTest, type DeviceTestEvaluation, type DeviceTestRow } from '@panel/domain/devices';
import { formatDateTime, formatPhone } from '@panel/domain/locale';
import { devicesApi, type DeviceDetail } from '../../api/devices';
import { isAbortError } from '../../api/client';
import { deviceKind, statusColor } from './deviceModel';
import { DEVICE_TEXTS as T } from './texts';
import { TrackerSection } from './TrackerSection';
import { DefinitionList } from './DefinitionList';
import { dialogPaper } from '../../ui/dialogWidths';

/** A parameter value as shown: ano/ne, percent, milliseconds, the app mode; '-' when missing. */
export function formatParameterValue(row: Pick<DeviceTestRow, 'parameter' | 'value'>): string {
  const { parameter, value } = row;
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? T.yes : T.no;
  if (parameter === 'status') return value === 0 ? T.mode.inactive : T.mode.active;
  if (parameter === 'battery' || parameter === 'storage_fill') return `${value} %`;
  if (parameter === 'device_to_server_time_diff') return `${value} ms`;
  return String(value);
}

export function evaluationOf(device: DeviceDetail): DeviceTestEvaluation {
  if (device.test && Array.isArray(device.test.rows)) return device.test;
  return evaluateDeviceTest({ status: device.status, testResult: device.testResult });
}

export function DeviceDetailDialog({ deviceId, onClose }: { deviceId: number | null; onClose: () => void }) {
  return (
    <Dialog
      open={deviceId !== null}
      onClose={onClose}
      maxWidth={false}
      fullWidth
      slotProps={dialogPaper('wide')}
      aria-labelledby="device-detail-title"
    >
      {deviceId !== null && <DetailBody deviceId={deviceId} onClose={onClose} />}
    </Dialog>
  );
}

function DetailBody({ deviceId, onClose }: { deviceId: number; onClose: () => void }) {
  const [device, setDevice] = useState<DeviceDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    devicesApi
      .get(deviceId, controller.signal)
      .then(setDevice)
      .catch((e: unknown) => {
        if (!isAbortError(e)) setError(e instanceof Error && e.message ? e.message : T.loadFailed);
      });
    return () => controller.abort();
  }, [deviceId]);

  const evaluation = device ? evaluationOf(device) : null;
  const overall = device ? (device.testStatus ?? evaluation!.status) : 'unknown';

  return (
    <>
      <DialogTitle id="device-detail-title">{device ? `${device.code} / ${device.name}` : T.loading}</DialogTitle>
      <DialogContent dividers>
        {error && <Alert severity="error">{error}</Alert>}
        {!device && !error && <CircularProgress size={24} aria-label={T.loading} />}
        {device && evaluation && (
          <>
            <DefinitionList mb={2}>
              <dt>{T.sim}</dt>
              <dd>{device.number ? formatPhone(device.number) : '-'}</dd>
              <dt>{T.detail.type}</dt>
              <dd>{T.tables[deviceKind(device.code)]}</dd>
              <dt>{T.detail.tested}</dt>
              <dd>{device.testedAt ? formatDateTime(device.testedAt) : '-'}</dd>
              {device.testRequestedAt && (
                <>
                  <dt>{T.testRequestedAt}</dt>
                  <dd>{formatDateTime(device.testRequestedAt)}</dd>
                </>
              )}
              <dt>{T.detail.overallResult}</dt>
              <dd>
                <Typography
                  component="span"
                  data-testid="overall-result"
                  sx={{ color: statusColor(overall), fontWeight: 700 }}
                >
                  {T.status[overall]}
                </Typography>
              </dd>
            </DefinitionList>
            <Table size="small" aria-label={T.detail.overallResult}>
              <TableHead>
                <TableRow>
                  <TableCell>{T.parameter}</TableCell>
                  <TableCell>{T.value}</TableCell>
                  <TableCell>{T.state}</TableCell>
                  <TableCell>{T.instruction}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {evaluation.rows.map((row) => (
                  <TableRow
                    key={row.parameter}
                    className={`device-parameter device-test-${row.status}`}
                    data-testid={`parameter-${row.parameter}`}
                  >
                    <TableCell>{T.parameters[row.parameter] ?? row.parameter}</TableCell>
                    <TableCell>{formatParameterValue(row)}</TableCell>
                    <TableCell sx={{ color: statusColor(row.status), fontWeight: 600 }}>
                      {T.parameterStatus[row.status]}
                    </TableCell>
                    <TableCell>{row.hint ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
        {/* administrators only (the section decides); shown while the detail loads too, it has its own call */}
        <TrackerSection deviceId={deviceId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </>
  );
}
