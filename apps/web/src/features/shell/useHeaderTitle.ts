import { shiftOf } from '@panel/domain/locale';
import { useAppStore } from '../../stores/appStore';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useActiveEvent } from '../../stores/useActiveEvent';
import { t } from '../../texts';

/** Header title and subtitle (001 §2): by the active event, with the shift when the user has a unit. */
export function useHeaderTitle(): { title: string; subtitle: string } {
  const active = useActiveEvent();
  const baseId = useAuthStore((s) => s.user?.baseId ?? null);
  const minuteDate = useAppStore((s) => s.minuteDate);
  const baseName = useEntitiesStore((s) => (baseId != null ? (s.bases[baseId]?.name ?? '') : ''));
  const main = !active ? t.shell.titleNone : active.kind === 'local' ? t.shell.titleNewEvent : t.shell.titleEvent;
  const title = baseId != null ? main + t.shell.shift(shiftOf(minuteDate)) : main;
  const eventTitle = active?.event.header?.title?.value;
  return { title, subtitle: eventTitle || baseName };
}
