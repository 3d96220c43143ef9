/** Commander contacts (rescue events) or 'Řešitel' names (others), and the missing-commander warning. */
import { memo } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { formatPhone } from '@panel/domain/locale';
import type { Event, EventContact } from '@panel/domain/sync';
import { headTexts } from './headTexts';
import { isRescueEvent, needsCommander, resolverNames } from './headModel';

export const HeadPeople = memo(function HeadPeople({
  event,
  commanders,
}: {
  event: Event;
  commanders: EventContact[];
}) {
  if (isRescueEvent(event)) {
    if (commanders.length) {
      return (
        <Typography variant="caption" component="div" noWrap sx={{ mt: 0.25 }} data-testid="commanders">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {headTexts.commander}:{' '}
          </Box>
          {commanders
            .map((c) => [c.name, c.number ? formatPhone(c.number) : null].filter(Boolean).join(' '))
            .join(', ')}
        </Typography>
      );
    }
    if (!needsCommander(event, 0)) return null;
    return (
      <Chip
        size="small"
        color="warning"
        icon={<WarningAmberIcon />}
        label={headTexts.missingCommander}
        sx={{ mt: 0.5, height: 20, fontSize: 11 }}
      />
    );
  }
  const names = resolverNames(event);
  if (!names.length) return null;
  return (
    <Typography variant="caption" component="div" noWrap sx={{ mt: 0.25 }} data-testid="resolvers">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {headTexts.resolver}:{' '}
      </Box>
      {names.join(', ')}
    </Typography>
  );
});
