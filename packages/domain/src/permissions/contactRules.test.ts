import { describe, it, expect } from 'vitest';
import {
  canAddContactToEvent,
  canDeleteContact,
  canDeploy,
  canEditContact,
  canEndJob,
  canSendContact,
  canSetCommander,
  showMissingCommander,
} from './contactRules';
import { abilityWith, categoryWith } from './testing';

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

describe('deployment (000 §6)', () => {
  it('create EventJob adds a deployment', () => {
    expect(canDeploy(abilityWith('eventJob.create'))).toBe(true);
    expect(canDeploy(cannot)).toBe(false);
  });
  it('ending needs the vehicle base or the central base', () => {
    expect(canEndJob({ baseId: 7 }, { baseId: 7 })).toBe(true);
    expect(canEndJob({ baseId: 2 }, { baseId: 7 })).toBe(true);
    expect(canEndJob({ baseId: 9 }, { baseId: 7 })).toBe(false);
  });
});
