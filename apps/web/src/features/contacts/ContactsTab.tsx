/**
 * The event's contacts tab 'Telefonní seznam' (000 §2 Contacts): the contacts table sorted by priority, the add
 * button when insertion is allowed, per row the SMS button (mobile numbers, create EventContact) and the menu form
 * (editable = custom contacts), and the button of the commander dialog.
 */
import { useState } from 'react';
import { Box, Button, Popover } from '@mui/material';
import ShieldIcon from '@mui/icons-material/LocalFireDepartment';
import { canOfferSms, isSendableNumber } from '@panel/domain/locale';
import { canEditContact, canSendContact, canSetCommander, isCommanderContact } from '@panel/domain/contacts';
import type { Event, EventContact } from '@panel/domain/sync';
import { CommanderDialog } from './CommanderDialog';
import { ContactForm } from './ContactForm';
import { ContactsTable } from './ContactsTable';
import { useCanInsertContact, useEventAbility, useEventContacts, useResolverTypeId } from './contactModel';
import { contactTexts } from './contactTexts';
import { SmsDialog } from './SmsDialog';

type MenuState = { anchor: HTMLElement; contact: EventContact | null } | null;

export function ContactsTab({ event }: { event: Event }) {
  const contacts = useEventContacts(event.id);
  const ability = useEventAbility(event);
  const resolverTypeId = useResolverTypeId();
  const canInsert = useCanInsertContact(event, ability);
  const [menu, setMenu] = useState<MenuState>(null);
  const [sms, setSms] = useState<EventContact | null>(null);
  const [commanderOpen, setCommanderOpen] = useState(false);
  const canSms = (c: EventContact) => canSendContact(ability) && isSendableNumber(c.number) && canOfferSms(c.number);
  // the menu form only for editable (custom) contacts; others reach the commander buttons in the VZ dialog
  const canMenu = (c: EventContact) => canEditContact(ability, c);

  return (
    <Box sx={{ p: 1, overflowX: 'auto' }} data-testid="contacts-tab">
      <ContactsTable
        contacts={contacts}
        onAdd={canInsert ? (anchor) => setMenu({ anchor, contact: null }) : undefined}
        onSend={setSms}
        canSend={canSms}
        onEdit={(contact, anchor) => setMenu({ anchor, contact })}
        canEdit={canMenu}
        highlight={(c) => isCommanderContact(c, resolverTypeId)}
      />
      {canSetCommander(ability) && event.id != null && (
        <Button
          size="small"
          startIcon={<ShieldIcon />}
          sx={{ mt: 1 }}
          onClick={() => setCommanderOpen(true)}
          data-testid="open-commander-dialog"
        >
          {contactTexts.commanderDialogTitle}
        </Button>
      )}
      <Popover
        open={Boolean(menu)}
        anchorEl={menu?.anchor}
        onClose={() => setMenu(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {menu && (
          <ContactForm
            key={menu.contact?.id ?? 'new'}
            event={event}
            contact={menu.contact}
            ability={ability}
            resolverTypeId={resolverTypeId}
            onDone={() => setMenu(null)}
            onSms={(c) => {
              setMenu(null);
              setSms(c);
            }}
          />
        )}
      </Popover>
      {sms && <SmsDialog event={event} contact={sms} onClose={() => setSms(null)} />}
      {commanderOpen && <CommanderDialog event={event} onClose={() => setCommanderOpen(false)} />}
    </Box>
  );
}
