import { Chip } from '@mui/material';
import { useAppStore } from '../../stores/appStore';
import { useEntitiesStore } from '../../stores/entitiesStore';

/** Environment chip: shown when the environment is known and is not production. */
export function EnvChip({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const fromSettings = useEntitiesStore((s) => s.settings.environment);
  const fromVersion = useAppStore((s) => s.environment);
  const environment = fromSettings || fromVersion;
  if (!environment || environment === 'production') return null;
  return <Chip label={environment.toUpperCase()} color="warning" size={size} data-testid="env-chip" />;
}
