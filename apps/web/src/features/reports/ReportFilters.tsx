/**
 * The report's filters: the period (two days), the unit (hidden for a unit user, who sees its own), the category,
 * the vehicle and the grouping. Options come from the synced catalogues; the vehicles narrow to the chosen unit.
 */
import { MenuItem, Stack, TextField } from '@mui/material';
import { REPORT_GROUPS, reportTexts as t, type ReportGroup } from '@panel/domain/reports';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { CzechDayField } from '../calendar/CalendarDateField';
import { listTexts } from '../events/list/listTexts';

export interface ReportFilterValues {
  from: string;
  to: string;
  baseId: number | '';
  eventCategoryId: number | '';
  resourceId: number | '';
  groupBy: ReportGroup;
}

export function ReportFilters({
  value,
  onChange,
  ownBaseOnly,
}: {
  value: ReportFilterValues;
  onChange: (next: ReportFilterValues) => void;
  /** the unit a unit user is held to (its vehicles only); null: every unit */
  ownBaseOnly: number | null;
}) {
  const bases = useEntitiesStore((s) => s.bases);
  const categories = useEntitiesStore((s) => s.eventCategories);
  const resources = useEntitiesStore((s) => s.resources);
  const set = (patch: Partial<ReportFilterValues>) => onChange({ ...value, ...patch });
  const unitBases = Object.values(bases)
    .filter((b) => b.baseCategoryId === 1)
    .sort((a, b) => a.code.localeCompare(b.code, 'cs'));
  const vehicles = Object.values(resources)
    .filter((r) => (ownBaseOnly ?? value.baseId) === '' || r.baseId === (ownBaseOnly ?? value.baseId))
    .sort((a, b) => a.name.localeCompare(b.name, 'cs'));
  const field = { size: 'small' as const, sx: { minWidth: 150, flex: '1 1 150px' } };
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5 }} className="reports-filters">
      {/* DD.MM.YYYY as 000 §9 wants: a native date input would show the browser's format (08/31/2026) */}
      {(['from', 'to'] as const).map((end) => (
        <CzechDayField
          key={end}
          label={t[end]}
          day={value[end]}
          onChange={(day) => set({ [end]: day })}
          pickLabel={`${listTexts.pickDate}: ${t[end]}`}
          sx={{ minWidth: 150, flex: '1 1 150px' }}
        />
      ))}
      {ownBaseOnly == null && (
        <TextField
          {...field}
          select
          label={t.base}
          value={value.baseId}
          onChange={(e) => set({ baseId: e.target.value === '' ? '' : Number(e.target.value), resourceId: '' })}
        >
          <MenuItem value="">{t.allBases}</MenuItem>
          {unitBases.map((b) => (
            <MenuItem key={b.id} value={b.id}>
              {b.code} – {b.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        {...field}
        select
        label={t.category}
        value={value.eventCategoryId}
        onChange={(e) => set({ eventCategoryId: e.target.value === '' ? '' : Number(e.target.value) })}
      >
        <MenuItem value="">{t.allCategories}</MenuItem>
        {Object.values(categories).map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        select
        label={t.vehicle}
        value={value.resourceId}
        onChange={(e) => set({ resourceId: e.target.value === '' ? '' : Number(e.target.value) })}
      >
        <MenuItem value="">{t.allVehicles}</MenuItem>
        {vehicles.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        select
        label={t.groupBy}
        value={value.groupBy}
        onChange={(e) => set({ groupBy: e.target.value as ReportGroup })}
      >
        {REPORT_GROUPS.map((g) => (
          <MenuItem key={g} value={g}>
            {t.groups[g]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
