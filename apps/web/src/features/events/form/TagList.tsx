/**
 * The event's tags as chips. Tags starting with C_ show only to the central base (000 §6). With `onToggle`
 * (editable form) every visible tag is offered and a click adds or removes it; ISPO and ISPO_QUEUE belong to
 * the external system and are never toggled here.
 */
import { Chip, Stack } from '@mui/material';
import { TAG_ISPO, TAG_ISPO_QUEUE } from '@panel/domain/constants';
import { isTagVisible } from '@panel/domain/events';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { readableTextOn } from '../../../ui/contrast';

const SYSTEM_TAGS = [TAG_ISPO, TAG_ISPO_QUEUE];

export function TagList({ tagIds, onToggle }: { tagIds: number[]; onToggle?: (ids: number[]) => void }) {
  const tags = useEntitiesStore((s) => s.tags);
  const baseId = useAuthStore((s) => s.user?.baseId ?? null);
  const visible = Object.values(tags)
    .filter((t) => isTagVisible(t, { baseId }))
    .filter((t) => tagIds.includes(t.id) || (onToggle && !SYSTEM_TAGS.includes(t.code)));
  if (!visible.length) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap aria-label="Štítky" sx={{ flexWrap: 'wrap' }}>
      {visible.map((t) => {
        const on = tagIds.includes(t.id);
        const toggle =
          onToggle && !SYSTEM_TAGS.includes(t.code)
            ? () => onToggle(on ? tagIds.filter((id) => id !== t.id) : [...tagIds, t.id])
            : undefined;
        return (
          <Chip
            key={t.id}
            size="small"
            label={t.name}
            variant={on ? 'filled' : 'outlined'}
            onClick={toggle}
            sx={on && t.color ? { bgcolor: t.color, color: readableTextOn(t.color) } : undefined}
          />
        );
      })}
    </Stack>
  );
}
