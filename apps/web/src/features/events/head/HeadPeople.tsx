/**
 * Commander contacts (rescue events) or 'Řešitel' names (others), and the missing-commander warning. The warning
 * follows 000 §2/§6: a rescue event without a commander, not in state 14, and create EventContact with the event's
 * roles; clicking it (or the commander line) opens the VZ dialog 'Určení kontaktu na velitele zásahu (VZ)'.
 */
import { memo, useState, type MouseEvent } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { formatPhone } from '@panel/domain/locale';
import { canSetCommander, showMissingCommander } from '@panel/domain/contacts';
import type { Event, EventContact } from '@panel/domain/sync';
import { CommanderDialog } from '../../contacts/CommanderDialog';
import { useEventAbility } from '../../contacts/contactModel';
import { headTexts } from './headTexts';
import { isRescueEvent, needsCommander, resolverNames } from './headModel';

export const HeadPeople = memo(function HeadPeople({
  event,
  commanders,
}: {
  event: Event;
  commanders: EventContact[];
}) {
  const ability = useEventAbility(event);
  const [open, setOpen] = useState(false);
  const canOpen = event.id != null && canSetCommander(ability);
  const openDialog = (e: MouseEvent) => {
    // the head sits in clickable list rows: the click opens the dialog only
    e.stopPropagation();
    setOpen(true);
  };
  const dialog = open ? <CommanderDialog event={event} onClose={() => setOpen(false)} /> : null;

  if (isRescueEvent(event)) {
    if (commanders.length) {
      return (
        <>
          <Typography
            variant="caption"
            component="div"
            noWrap
            sx={{ mt: 0.25, cursor: canOpen ? 'pointer' : undefined }}
            data-testid="commanders"
            onClick={canOpen ? openDialog : undefined}
          >
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {headTexts.commander}:{' '}
            </Box>
            {commanders
              .map((c) => [c.name, c.number ? formatPhone(c.number) : null].filter(Boolean).join(' '))
              .join(', ')}
          </Typography>
          {dialog}
        </>
      );
    }
    if (!needsCommander(event, 0) || !showMissingCommander(ability, event, false)) return null;
    return (
      <>
        <Chip
          size="small"
          color="warning"
          icon={<WarningAmberIcon />}
          label={headTexts.missingCommander}
          data-testid="missing-commander"
          onClick={canOpen ? openDialog : undefined}
          sx={{ mt: 0.5, height: 20, fontSize: 11 }}
        />
        {dialog}
      </>
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
