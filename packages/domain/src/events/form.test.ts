import { describe, it, expect } from 'vitest';
import { categoryInput } from './testing';
import type { CategoryInput } from '../sync/index';
import { normalizeEventForm, validateEventForm } from './form';

const input = (label: string, required: 0 | 1, sort: number): CategoryInput =>
  categoryInput({ label, required, sort, readonly: false });
const inputs = {
  address: input('Adresa', 1, 2),
  subject: input('Předmět', 1, 1),
  description: input('Popis', 0, 3),
  startAt: input('Začátek', 0, 4),
  endAt: input('Konec', 0, 5),
};

describe('validateEventForm (000 §5)', () => {
  it('requires the fields the category marks required, in input order', () => {
    expect(validateEventForm(inputs, { address: ' ', subject: null })).toEqual([
      { field: 'subject', message: 'Vyplňte Předmět' },
      { field: 'address', message: 'Vyplňte Adresa' },
    ]);
    expect(validateEventForm(inputs, { address: 'Praha', subject: 'Požár' })).toEqual([]);
  });

  it('refuses an end before the start', () => {
    const base = { address: 'Praha', subject: 'Požár', startAt: '15.07.2024 10:00' };
    expect(validateEventForm(inputs, { ...base, endAt: '15.07.2024 09:59' })).toEqual([
      { field: 'endAt', message: 'Chybné datum Konec' },
    ]);
    expect(validateEventForm(inputs, { ...base, endAt: '15.07.2024 10:00' })).toEqual([]);
    expect(validateEventForm(inputs, { ...base, endAt: '15.7.2024 11:00' })).toEqual([
      { field: 'endAt', message: 'Chybné datum Konec' },
    ]);
  });
});

describe('normalizeEventForm (000 §5)', () => {
  it('upper-cases the reporter name and nulls empty texts', () => {
    expect(
      normalizeEventForm({ reporterName: 'Jan Novák', description: '', investigator: ' ', manager: 'X', subject: '' }),
    ).toEqual({ reporterName: 'JAN NOVÁK', description: null, investigator: null, manager: 'X', subject: '' });
  });
});
