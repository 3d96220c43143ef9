/**
 * 'Sledovač polohy' in the device detail (issue 14): for who may manage trackers (role admin: manage Debug, as
 * the API checks), the device's tracker state from GET /v2/positions/trackers — whether it has a secret, when it
 * was made and last used, the last position, the refused reports — with 'Vytvořit klíč', 'Vyměnit klíč' and
 * 'Zrušit klíč' (both with a confirmation: the tracker stops reporting). A new secret is shown once, with the
 * OsmAnd URL a tracker reports to and the Traccar Client settings; closing says it will not be shown again.
 * Others do not see the section at all.
 */
import { useCallback, useEffect, useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { formatDateTime, fromWireTime } from '@panel/domain/locale';
import { positionRefusalTexts, type CreatedTrackerSecret, type TrackerState } from '@panel/domain/positions';
import { ApiError, isAbortError } from '../../api/client';
import { trackersApi, trackerUrlOf } from '../../api/trackers';
import { useAbility } from '../../stores/useAbility';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { copyToClipboard } from '../messages/clipboard';
import { TRACKER_TEXTS as T } from './texts';
import { DefinitionList } from './DefinitionList';

const when = (t: string | null) => formatDateTime(fromWireTime(t)) || T.never;
/** The server's Czech message: `{message}` or the first of a 422's `[{field, message}]`. */
function errorText(e: unknown): string {
  if (e instanceof ApiError && Array.isArray(e.body)) {
    const first: unknown = e.body[0];
    if (first && typeof first === 'object' && 'message' in first && typeof first.message === 'string') {
      return first.message;
    }
  }
  return e instanceof Error && e.message ? e.message : T.actionFailed;
}

/** Refused reports since the secret was made (the API counts them per reason). */
export const refusedCount = (state: Pick<TrackerState, 'refusals'>) =>
  Object.values(state.refusals).reduce<number>((sum, n) => sum + (n ?? 0), 0);

/** The section, only for who may manage trackers. */
export function TrackerSection({ deviceId }: { deviceId: number }) {
  const mayManage = useAbility().can('manage', 'Debug');
  return mayManage ? <TrackerPanel deviceId={deviceId} /> : null;
}

function TrackerPanel({ deviceId }: { deviceId: number }) {
  const [state, setState] = useState<TrackerState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const error = actionError ?? loadError;
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null);
  const [created, setCreated] = useState<CreatedTrackerSecret | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const all = await trackersApi.list(signal);
        setState(all.find((t) => t.deviceId === deviceId) ?? null);
        setLoadError(all.some((t) => t.deviceId === deviceId) ? null : T.loadFailed);
      } catch (e) {
        if (!isAbortError(e)) setLoadError(T.loadFailed);
      }
    },
    [deviceId],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
      setActionError(null);
    } catch (e) {
      setActionError(errorText(e));
    } finally {
      setBusy(false);
      void load();
    }
  };
  const createSecret = () =>
    run(async () => {
      setCreated(await trackersApi.createSecret(deviceId));
    });
  const revokeSecret = () =>
    run(async () => {
      await trackersApi.revokeSecret(deviceId);
    });

  const refused = state ? refusedCount(state) : 0;
  return (
    <Box component="section" aria-labelledby="tracker-title" data-testid="tracker-section" sx={{ mt: 2 }}>
      <Typography id="tracker-title" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {T.title}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      {state && (
        <>
          <DefinitionList mb={1}>
            <dt>{T.secret}</dt>
            <dd data-testid="tracker-secret-state">
              {state.hasSecret
                ? T.hasSecret
                : state.revokedAt
                  ? T.revoked(formatDateTime(fromWireTime(state.revokedAt)))
                  : T.noSecret}
            </dd>
            <dt>{T.trackerId}</dt>
            <dd>{state.trackerId}</dd>
            {state.hasSecret && (
              <>
                <dt>{T.createdAt}</dt>
                <dd data-testid="tracker-created">{when(state.secretCreatedAt)}</dd>
              </>
            )}
            <dt>{T.lastUsed}</dt>
            <dd data-testid="tracker-last-used">{when(state.lastReportAt)}</dd>
            <dt>{T.lastFix}</dt>
            <dd data-testid="tracker-last-fix">{when(state.lastFixAt)}</dd>
            <dt>{T.refused}</dt>
            <dd data-testid="tracker-refused">{refused}</dd>
            {state.lastRefusalReason && (
              <>
                <dt>{T.lastRefusal}</dt>
                <dd>
                  {when(state.lastRefusalAt)} – {positionRefusalTexts[state.lastRefusalReason]}
                </dd>
              </>
            )}
          </DefinitionList>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {state.hasSecret ? (
              <>
                <Button variant="outlined" size="small" disabled={busy} onClick={() => setConfirm('rotate')}>
                  {T.rotate}
                </Button>
                <Button
                  variant="outlined"
                  size="small"
                  color="error"
                  disabled={busy}
                  onClick={() => setConfirm('revoke')}
                >
                  {T.revoke}
                </Button>
              </>
            ) : (
              <Button variant="contained" size="small" disabled={busy} onClick={() => void createSecret()}>
                {T.create}
              </Button>
            )}
          </Stack>
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'rotate' ? T.rotateTitle : T.revokeTitle}
        text={confirm === 'rotate' ? T.rotateConfirm : T.revokeConfirm}
        confirmLabel={T.yes}
        cancelLabel={T.back}
        onConfirm={() => void (confirm === 'rotate' ? createSecret() : revokeSecret())}
        onClose={() => setConfirm(null)}
      />
      <CreatedSecretDialog created={created} onClose={() => setCreated(null)} />
    </Box>
  );
}

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Box
          component="code"
          data-testid={testId}
          sx={{
            flex: 1,
            minWidth: 0,
            p: 0.75,
            bgcolor: 'action.hover',
            borderRadius: 1,
            fontSize: 13,
            wordBreak: 'break-all',
            userSelect: 'all',
          }}
        >
          {value}
        </Box>
        <Tooltip title={T.created.copy}>
          <IconButton aria-label={`${T.created.copy}: ${label}`} onClick={() => void copyToClipboard(value, 'value')}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  );
}

/** The secret, once: closing by the button, Escape or the backdrop drops it from memory. */
function CreatedSecretDialog({ created, onClose }: { created: CreatedTrackerSecret | null; onClose: () => void }) {
  const url = created ? trackerUrlOf(created, window.location.origin) : '';
  return (
    <Dialog open={created !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="tracker-secret-title">
      {created && (
        <>
          <DialogTitle id="tracker-secret-title">{T.created.title}</DialogTitle>
          <DialogContent dividers>
            <CopyRow label={T.created.secret} value={created.secret} testId="tracker-secret" />
            <CopyRow label={T.created.url} value={url} testId="tracker-url" />
            <Typography variant="body2" sx={{ mb: 1.5 }} data-testid="traccar-hint">
              {T.created.traccarHint(url, created.trackerId)}
            </Typography>
            <Alert severity="warning">{T.created.once}</Alert>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {T.created.close}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
