/**
 * Phone-sized screens (001 §2, §9 mobile variant): below the breakpoint the sidebar and the map take turns.
 * The breakpoint comes from settings (`mobileBreakpoint`, px) when the server sets it, else 768 px.
 */
import { useMediaQuery } from '@mui/material';
import { useEntitiesStore } from '../stores/entitiesStore';

export const MOBILE_BREAKPOINT_DEFAULT = 768;

export const mobileQuery = (breakpoint: number | null | undefined): string =>
  `(max-width: ${Math.max(1, (breakpoint && breakpoint > 0 ? breakpoint : MOBILE_BREAKPOINT_DEFAULT) - 1)}px)`;

export function useIsMobile(): boolean {
  const breakpoint = useEntitiesStore((s) => s.settings.mobileBreakpoint);
  return useMediaQuery(mobileQuery(breakpoint));
}
