/**
 * Units (eventToBase) and access (eventAccess): a multi-select of bases with a select-all row. Units follow
 * 000 §6: own or central base sees every unit, others only the chosen ones; a unit stays checked when it may
 * not be removed (owner base, has a job, or neither central, owner nor that unit).
 */
import { useMemo } from 'react';
import { Checkbox, Chip, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import { UNIT_CHIPS_SHOWN } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import { Controller } from 'react-hook-form';
import { canRemoveUnit, canSeeAllUnits } from '@panel/domain/events';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { fieldFrame, type InputProps } from './fieldProps';

export const SELECT_ALL = 'Vybrat vše'; // ours

export function UnitsSelect({ api, event, input, disabled }: InputProps) {
  const user = useAuthStore((s) => s.user);
  const bases = useEntitiesStore((s) => s.bases);
  const jobsMap = useEntitiesStore((s) => s.eventJobs);
  const rules = input.field === 'eventToBase';
  const ruleUser = { baseId: user?.baseId ?? null, groups: user?.groups, roles: user?.roles };
  const ruleEvent = { ...event, baseId: event.baseId ?? user?.baseId ?? null };
  const jobs = useMemo(
    () => (event.id == null ? [] : Object.values(jobsMap).filter((j) => j.eventId === event.id)),
    [jobsMap, event.id],
  );
  const removable = (id: number) => !rules || canRemoveUnit(ruleUser, ruleEvent, id, jobs);

  return (
    <Controller
      name={input.field}
      control={api.form.control}
      render={({ field }) => {
        const chosen = (field.value as number[] | null) ?? [];
        const all = Object.values(bases).sort((a, b) => a.name.localeCompare(b.name, 'cs'));
        const visible = !rules || canSeeAllUnits(ruleUser, ruleEvent) ? all : all.filter((b) => chosen.includes(b.id));
        const allChosen = visible.length > 0 && visible.every((b) => chosen.includes(b.id));
        const set = (next: number[]) => field.onChange([...new Set(next)]);
        return (
          <TextField
            select
            {...fieldFrame(api, input, disabled)}
            value={chosen}
            slotProps={{
              select: {
                multiple: true,
                // 000 §9: four chips, then '(+N)' for the rest (all of them are in the open list)
                renderValue: (ids) => {
                  const list = ids as number[];
                  const more = list.length - UNIT_CHIPS_SHOWN;
                  return (
                    <>
                      {list.slice(0, UNIT_CHIPS_SHOWN).map((id) => (
                        <Chip key={id} size="small" label={bases[id]?.code ?? id} sx={{ mr: 0.5 }} />
                      ))}
                      {more > 0 && (
                        <Typography component="span" variant="body2" data-testid="units-more">
                          {texts.events.moreUnits(more)}
                        </Typography>
                      )}
                    </>
                  );
                },
                onChange: () => undefined,
              },
            }}
          >
            <MenuItem
              dense
              onClick={() =>
                set(allChosen ? chosen.filter((id) => !removable(id)) : [...chosen, ...visible.map((b) => b.id)])
              }
            >
              <Checkbox size="small" checked={allChosen} indeterminate={!allChosen && chosen.length > 0} />
              <ListItemText primary={SELECT_ALL} />
            </MenuItem>
            {visible.map((b) => {
              const on = chosen.includes(b.id);
              const locked = on && !removable(b.id);
              return (
                <MenuItem
                  key={b.id}
                  value={b.id}
                  dense
                  disabled={locked}
                  onClick={() => set(on ? chosen.filter((id) => id !== b.id) : [...chosen, b.id])}
                >
                  <Checkbox size="small" checked={on} />
                  <ListItemText primary={b.name} secondary={b.code} />
                </MenuItem>
              );
            })}
          </TextField>
        );
      }}
    />
  );
}
