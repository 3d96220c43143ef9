/** Contact, commander and SMS rules (000 §4, §5, §6, 001 §5; issue 5). */
import { describe, it, expect } from 'vitest';
import {
  canAddContactToEvent,
  canDeleteContact,
  canEditContact,
  canSendContact,
  canSetCommander,
  commanderSet,
  commanderUnset,
  contactFormErrors,
  isCommanderContact,
  resolverTypeOf,
  showMissingCommander,
  smsNumberError,
  smsTextError,
  sortContacts,
} from './rules';
import { normalizeContactNumber, toInternationalNumber } from '../locale/phone';
import { texts } from '../locale/texts';
import { abilityWith } from '../auth/testing';
import { categoryWith } from '../events/testing';

const canCreate = abilityWith('eventContact.create');
const cannot = abilityWith();

describe('contacts (000 §6)', () => {
  it('editing needs create EventContact and a custom contact', () => {
    expect(canEditContact(canCreate, { custom: 1 })).toBe(true);
    expect(canEditContact(canCreate, { custom: 0 })).toBe(false);
    expect(canEditContact(cannot, { custom: 1 })).toBe(false);
  });
  it('deleting needs a custom, non-persistent contact', () => {
    expect(canDeleteContact(canCreate, { custom: 1, persistent: 0 })).toBe(true);
    expect(canDeleteContact(canCreate, { custom: 1, persistent: 1 })).toBe(false);
    expect(canDeleteContact(canCreate, { custom: 0, persistent: 0 })).toBe(false);
    expect(canDeleteContact(cannot, { custom: 1, persistent: 0 })).toBe(false);
  });
  it('commander and send-contact buttons need create EventContact', () => {
    expect(canSetCommander(canCreate)).toBe(true);
    expect(canSetCommander(cannot)).toBe(false);
    expect(canSendContact(canCreate)).toBe(true);
    expect(canSendContact(cannot)).toBe(false);
  });
  it('the missing-commander warning needs create EventContact, no commander and a state other than 14', () => {
    expect(showMissingCommander(canCreate, { eventStateId: 1 }, false)).toBe(true);
    expect(showMissingCommander(canCreate, { eventStateId: 14 }, false)).toBe(false);
    expect(showMissingCommander(canCreate, { eventStateId: 1 }, true)).toBe(false);
    expect(showMissingCommander(cannot, { eventStateId: 1 }, false)).toBe(false);
  });
});

describe('canAddContactToEvent (000 §5)', () => {
  const active = { id: 1 };
  const cat = categoryWith([]);
  it('needs an active event of type event, a sendable and new number', () => {
    expect(canAddContactToEvent(active, cat, '603123456', ['777000111'])).toBe(true);
    expect(canAddContactToEvent(null, cat, '603123456', [])).toBe(false);
    expect(canAddContactToEvent(active, categoryWith([], { type: 'call' }), '603123456', [])).toBe(false);
    expect(canAddContactToEvent(active, cat, '60312345', [])).toBe(false);
  });
  it('refuses a number already in the event, with or without 00420', () => {
    expect(canAddContactToEvent(active, cat, '00420603123456', ['603123456'])).toBe(false);
    expect(canAddContactToEvent(active, cat, '603123456', [null, '00420603123456'])).toBe(false);
  });
});

describe('contact number normalization (001 §5)', () => {
  it('drops spaces, 00420 and +420; 00 becomes +', () => {
    expect(normalizeContactNumber('725 123 456')).toBe('725123456');
    expect(normalizeContactNumber('00420725123456')).toBe('725123456');
    expect(normalizeContactNumber('+420 725 123 456')).toBe('725123456');
    expect(normalizeContactNumber('0049301234')).toBe('+49301234');
    expect(normalizeContactNumber(null)).toBe('');
  });
  it('gives the international form of a Czech number', () => {
    expect(toInternationalNumber('725123456')).toBe('+420725123456');
    expect(toInternationalNumber('00420 725123456')).toBe('+420725123456');
  });
});

describe('contact form rules (000 §5)', () => {
  it('requires the name', () => {
    expect(contactFormErrors({ name: '  ', number: '725123456' })).toEqual({ name: 'Prosím vyplňte' });
    expect(contactFormErrors({ name: 'Jan', number: '725123456' })).toEqual({});
  });
  it('requires digits only, exactly 9 of them', () => {
    expect(contactFormErrors({ name: 'Jan', number: '' }).number).toBe('Prosím vyplňte');
    expect(contactFormErrors({ name: 'Jan', number: '72512a456' }).number).toBe('Toto pole musí obsahovat jen číslice');
    expect(contactFormErrors({ name: 'Jan', number: '+49301234' }).number).toBe('Toto pole musí obsahovat jen číslice');
    expect(contactFormErrors({ name: 'Jan', number: '72512345' }).number).toBe('Vložte devítimístné telefonní číslo');
    expect(contactFormErrors({ name: 'Jan', number: '7251234567' }).number).toBe('Vložte devítimístné telefonní číslo');
    expect(contactFormErrors({ name: 'Jan', number: '+420 725 123 456' })).toEqual({});
    expect(contactFormErrors({ name: 'Jan', number: 725123456 })).toEqual({});
  });
  it('uses the catalogue texts', () => {
    expect(texts.contacts.digitsOnly).toBe('Toto pole musí obsahovat jen číslice');
    expect(texts.contacts.nineDigits).toBe('Vložte devítimístné telefonní číslo');
  });
});

describe('commander (000 §4)', () => {
  it('the resolver type is the first of 22, 19, 2 the catalogue has', () => {
    expect(resolverTypeOf([1, 2, 4, 5, 19, 22])).toBe(22);
    expect(resolverTypeOf([2, 4, 19])).toBe(19);
    expect(resolverTypeOf([2, 4])).toBe(2);
    expect(resolverTypeOf([4])).toBe(22);
  });
  it('setting gives the resolver type, the title and the name', () => {
    expect(commanderSet({ name: 'Jan' }, 22, 'npor. Beneš')).toEqual({
      contactTypeId: 22,
      title: 'Velitel zásahu',
      name: 'npor. Beneš',
    });
    expect(commanderSet({ name: 'Jan' }, 22, '  ')).toEqual({
      contactTypeId: 22,
      title: 'Velitel zásahu',
      name: 'Jan',
    });
  });
  it('unsetting gives type 5 with a device, else 4, and clears the title', () => {
    expect(commanderUnset({ deviceId: 7 })).toEqual({ contactTypeId: 5, title: null });
    expect(commanderUnset({ deviceId: null })).toEqual({ contactTypeId: 4, title: null });
  });
  it('a commander is of the resolver type or titled Velitel zásahu', () => {
    expect(isCommanderContact({ contactTypeId: 22, title: null }, 22)).toBe(true);
    expect(isCommanderContact({ contactTypeId: 4, title: 'Velitel zásahu' }, 22)).toBe(true);
    expect(isCommanderContact({ contactTypeId: 4, title: null }, 22)).toBe(false);
  });
});

describe('contacts table order (000 §2)', () => {
  it('sorts by priority descending, then sort and id', () => {
    const rows = [
      { id: 1, priority: 10, sort: 1 },
      { id: 2, priority: 100, sort: 3 },
      { id: 3, priority: 10, sort: 0 },
      { id: 4, priority: 40, sort: 2 },
    ];
    expect(sortContacts(rows).map((r) => r.id)).toEqual([2, 4, 3, 1]);
  });
});

describe('SMS rules (000 §5)', () => {
  it('text required, at most 155 characters', () => {
    expect(smsTextError('')).toBe('Zadejte text sms zprávy.');
    expect(smsTextError('   ')).toBe('Zadejte text sms zprávy.');
    expect(smsTextError('x'.repeat(155))).toBeNull();
    expect(smsTextError('x'.repeat(156))).toBe(texts.sms.tooLong);
  });
  it('number: 9 digits, mobile only', () => {
    expect(smsNumberError('725123456')).toBeNull();
    expect(smsNumberError('605123456')).toBeNull();
    expect(smsNumberError('+420725123456')).toBeNull();
    expect(smsNumberError('972226100')).toBe(texts.sms.notMobile);
    expect(smsNumberError('72512345')).toBe('Vložte devítimístné telefonní číslo');
  });
});
