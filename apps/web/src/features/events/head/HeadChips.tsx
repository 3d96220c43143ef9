/** Chip row of the event head: state chip, visible tags, unread counts, muted icon, ETA box. */
import { memo } from 'react';
import { Box, Chip } from '@mui/material';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { formatTime } from '@panel/domain/locale';
import type { Event, Tag } from '@panel/domain/sync';
import { messageCategoryStyle } from './headColors';
import { headTexts } from './headTexts';
import { stateChip, unreadCounts } from './headModel';
import { readableTextOn } from '../../../ui/contrast';

const chipSx = { height: 18, fontSize: 11, '& .MuiChip-label': { px: 0.75 } } as const;

export const HeadChips = memo(function HeadChips({
  event,
  tags,
  muted,
}: {
  event: Event;
  tags: Tag[];
  muted: boolean;
}) {
  const state = stateChip(event);
  const unread = unreadCounts(event);
  const eta = event.eta ? formatTime(event.eta) : '';
  if (!state && !tags.length && !unread.length && !muted && !eta) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mt: 0.5 }}>
      {state === 'closed' && <Chip size="small" label={headTexts.closed} color="default" sx={chipSx} />}
      {state === 'deleted' && <Chip size="small" label={headTexts.deleted} color="error" sx={chipSx} />}
      {state === 'ended' && <Chip size="small" label={headTexts.ended} variant="outlined" sx={chipSx} />}
      {tags.map((tag) => (
        <Chip
          key={tag.id}
          size="small"
          label={tag.name}
          data-testid={`tag-${tag.code}`}
          sx={{ ...chipSx, bgcolor: tag.color ?? undefined, color: tag.color ? readableTextOn(tag.color) : undefined }}
        />
      ))}
      <Box sx={{ flexGrow: 1 }} />
      {unread.map(({ categoryId, count }) => {
        const style = messageCategoryStyle(categoryId);
        return (
          <Box
            key={categoryId}
            component="span"
            data-testid={`unread-${categoryId}`}
            title={headTexts.unread(style.name, count)}
            sx={{
              bgcolor: style.color,
              color: readableTextOn(style.color),
              borderRadius: 9,
              px: 0.75,
              minWidth: 18,
              textAlign: 'center',
              fontSize: 11,
              fontWeight: 700,
              lineHeight: '18px',
            }}
          >
            {count}
          </Box>
        );
      })}
      {muted && (
        <NotificationsOffIcon
          data-testid="muted-icon"
          titleAccess={headTexts.muted}
          sx={{ fontSize: 16, color: 'text.secondary' }}
        />
      )}
      {eta && (
        <Box
          data-testid="eta-box"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.25,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 0.5,
            fontSize: 11,
            lineHeight: '16px',
          }}
        >
          <ScheduleIcon sx={{ fontSize: 13 }} />
          {headTexts.eta} {eta}
          {event.etaDuration ? ` (${headTexts.etaMinutes(Math.max(1, Math.round(event.etaDuration / 60)))})` : ''}
        </Box>
      )}
    </Box>
  );
});
