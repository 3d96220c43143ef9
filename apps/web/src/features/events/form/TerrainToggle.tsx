import { FormControl, FormLabel, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import type { InputProps } from './fieldProps';
import { CatalogueIcon, hasIcon } from './icons';

/** Terrain (character of the place) as a toggle of the eventTerrains catalogue. */
export function TerrainToggle({ api, input, disabled }: InputProps) {
  const terrains = useEntitiesStore((s) => s.eventTerrains);
  const list = Object.values(terrains).sort((a, b) => a.id - b.id);
  return (
    <FormControl fullWidth disabled={disabled}>
      <FormLabel sx={{ fontSize: 12 }}>{input.label}</FormLabel>
      <Controller
        name={input.field}
        control={api.form.control}
        render={({ field }) => (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={field.value ?? null}
            onChange={(_, v) => v !== null && field.onChange(v)}
            aria-label={input.label}
            sx={{ flexWrap: 'wrap' }}
          >
            {list.map((t) => (
              <Tooltip key={t.id} title={t.name}>
                <ToggleButton value={t.id} aria-label={t.name} disabled={disabled}>
                  {hasIcon(t.icon) ? <CatalogueIcon name={t.icon} fontSize="small" /> : t.name}
                </ToggleButton>
              </Tooltip>
            ))}
          </ToggleButtonGroup>
        )}
      />
    </FormControl>
  );
}
