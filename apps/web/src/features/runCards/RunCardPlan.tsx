/**
 * The run card's plan in the deployment dialog (issue 26 item 1): when a card matches the event, per needed type
 * the proposed vehicles (own base first, then mutual aid, within the card's ETA limit; the server's proposal of
 * GET /v2/events/{id}/run-card), each slot a select the dispatcher may change or empty, what is missing ('chybí
 * 1× TA do 30 min', recounted as the picks change), and 'Nasadit podle plánu': one call, one command on the
 * server. Nothing shows when no card matches.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { czPlural } from '@panel/domain/locale';
import { runCardTexts as T, vehicleForms, withinLimit, type RunCardProposal } from '@panel/domain/runCards';
import type { Event } from '@panel/domain/sync';
import { trackingTexts } from '@panel/domain/tracking';
import { isAbortError } from '../../api/client';
import { runCardsApi } from '../../api/runCards';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { toast } from '../../ui/toasts';
import { reasonOf } from '../vehicles/jobActions';
import type { OverviewRow } from '../vehicles/vehicleModel';
import {
  candidatesOf,
  deployBody,
  durationOf,
  initialPicks,
  lineShortfall,
  pickedCount,
  type Picks,
} from './planModel';

interface Props {
  event: Event;
  open: boolean;
  rows: readonly OverviewRow[];
  canDeploy: boolean;
  /** after a deployment by plan: the dialog reads its overview again */
  onDeployed: () => Promise<void> | void;
}

export function RunCardPlan({ event, open, rows, canDeploy, onDeployed }: Props) {
  const [proposal, setProposal] = useState<RunCardProposal | null>(null);
  const [picks, setPicks] = useState<Picks>([]);
  const [busy, setBusy] = useState(false);
  const eventId = event.id ?? null;

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (eventId === null) return;
      try {
        const answer = await runCardsApi.proposal(eventId, signal);
        setProposal(answer);
        setPicks(initialPicks(answer.lines));
      } catch (error) {
        // the dialog works without a plan
        if (!isAbortError(error)) console.error('[runCards] proposal failed', error);
      }
    },
    [eventId],
  );

  useEffect(() => {
    if (!open) return;
    setProposal(null);
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [open, load]);

  const chosen = useMemo(() => new Set(picks.flat().filter((id): id is number => id !== null)), [picks]);
  if (!proposal?.card || eventId === null) return null;
  const lines = proposal.lines;
  const done = picks.every((p) => p.length === 0);
  const count = pickedCount(picks);

  const setPick = (line: number, slot: number, id: number | null) =>
    setPicks((all) => all.map((p, i) => (i === line ? p.map((v, j) => (j === slot ? id : v)) : p)));

  /** 'CAS 20 Scania P 360 PHA · 4 min (odhad) · vzájemná pomoc · po limitu' */
  const optionLabel = (r: OverviewRow, line: (typeof lines)[number]) => {
    const late = !withinLimit({ duration: durationOf(line, rows, r.id) }, line.maxEtaMinutes);
    const aid = event.baseId != null && r.resource.baseId !== event.baseId;
    // the ETA with its source, as the table labels it: a road route or the estimate
    const eta = r.eta
      ? `${r.eta.durationText} (${r.eta.source === 'route' ? trackingTexts.routeShort : trackingTexts.estimateShort})`
      : null;
    return [r.resource.name, eta, aid ? T.mutualAid : null, late ? T.late : null].filter(Boolean).join(' · ');
  };

  const deploy = async () => {
    setBusy(true);
    try {
      const { jobs } = await runCardsApi.deploy(eventId, deployBody(lines, picks));
      useEntitiesStore.getState().applyBundle({ eventJobs: jobs, resetData: false });
      toast.success(T.deployed(jobs.length, czPlural(jobs.length, vehicleForms)));
      await onDeployed();
      await load();
    } catch (error) {
      console.error('[runCards] deploy failed', error);
      const reason = reasonOf(error);
      toast.error(reason ? `${T.deployFailed}: ${reason}` : T.deployFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, flexShrink: 0 }}
      data-testid="run-card-plan"
      data-card-id={proposal.card.id}
    >
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <PlaylistAddCheckIcon color="primary" fontSize="small" />
        <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 200 }}>
          {T.planTitle(proposal.card.name)}
        </Typography>
        {!done && (
          <Button
            variant="contained"
            size="small"
            disabled={!canDeploy || busy || count === 0}
            onClick={() => void deploy()}
            data-testid="deploy-by-plan"
          >
            {T.deployByPlan}
          </Button>
        )}
      </Stack>
      {done && (
        <Typography variant="body2" color="text.secondary">
          {T.planDone}
        </Typography>
      )}
      <Stack spacing={1}>
        {lines.map((line, i) => {
          const { text } = lineShortfall(line, picks[i] ?? [], rows);
          const options = candidatesOf(rows, line.resourceTypeId);
          return (
            <Stack
              key={line.resourceTypeId}
              direction="row"
              useFlexGap
              data-testid="plan-line"
              data-type-code={line.code}
              sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600, width: { xs: '100%', sm: 150 } }}>
                {T.planLine(line.count, line.code, line.maxEtaMinutes)}
              </Typography>
              {(picks[i] ?? []).map((id, slot) => (
                <TextField
                  key={slot}
                  select
                  size="small"
                  value={id === null ? '' : String(id)}
                  onChange={(e) => setPick(i, slot, e.target.value === '' ? null : Number(e.target.value))}
                  sx={{ width: { xs: '100%', sm: 300 } }}
                  slotProps={{
                    select: { displayEmpty: true },
                    htmlInput: { 'aria-label': `${line.code} ${slot + 1}`, 'data-testid': 'plan-pick' },
                  }}
                >
                  <MenuItem value="">{T.noVehicle}</MenuItem>
                  {options
                    .filter((r) => r.id === id || !chosen.has(r.id))
                    .map((r) => (
                      <MenuItem key={r.id} value={String(r.id)}>
                        {optionLabel(r, line)}
                      </MenuItem>
                    ))}
                </TextField>
              ))}
              {line.deployed > 0 && <Chip size="small" color="primary" label={T.alreadyDeployed(line.deployed)} />}
              {text && <Chip size="small" color="error" variant="outlined" label={text} data-testid="plan-shortfall" />}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
