import { describe, it, expect } from 'vitest';
import { canOfferSms, dedupePhones, formatPhone, isSendableNumber, normalizePhone, stripCzPrefix } from './phone';

describe('stripCzPrefix', () => {
  it('trims and removes a leading 00420', () => {
    expect(stripCzPrefix(' 00420123456789 ')).toBe('123456789');
    expect(stripCzPrefix('123456789')).toBe('123456789');
    expect(stripCzPrefix('12300420')).toBe('12300420');
    expect(stripCzPrefix(null)).toBe('');
  });
});

describe('normalizePhone (001 §5)', () => {
  it('turns leading 00 into + and removes +420', () => {
    expect(normalizePhone('00420 603 123 456')).toBe('603123456');
    expect(normalizePhone('+420603123456')).toBe('603123456');
    expect(normalizePhone('0049301234567')).toBe('+49301234567');
    expect(normalizePhone('603 123 456')).toBe('603123456');
  });
});

describe('dedupePhones', () => {
  it('normalizes, drops duplicates and empties, keeps order', () => {
    expect(dedupePhones(['+420603123456', '0049301', '603 123 456', '', null, '00420603123456', '777000111'])).toEqual([
      '603123456',
      '+49301',
      '777000111',
    ]);
  });
});

describe('isSendableNumber (000 §5)', () => {
  it('accepts 9 characters after trim and 00420 strip', () => {
    expect(isSendableNumber('603123456')).toBe(true);
    expect(isSendableNumber(' 00420603123456 ')).toBe(true);
    expect(isSendableNumber(603123456)).toBe(true);
  });
  it('refuses null, zero, non-numeric and wrong lengths', () => {
    expect(isSendableNumber(null)).toBe(false);
    expect(isSendableNumber(undefined)).toBe(false);
    expect(isSendableNumber('000000000')).toBe(false);
    expect(isSendableNumber('60312345a')).toBe(false);
    expect(isSendableNumber('60312345')).toBe(false);
    expect(isSendableNumber('6031234567')).toBe(false);
    expect(isSendableNumber('')).toBe(false);
  });
});

describe('formatPhone', () => {
  it('groups 9 digits by three', () => {
    expect(formatPhone('123456789')).toBe('123 456 789');
  });
  it('leaves anything else alone', () => {
    expect(formatPhone('12345678')).toBe('12345678');
    expect(formatPhone('+49301234567')).toBe('+49301234567');
    expect(formatPhone(null)).toBe('');
  });
});

describe('canOfferSms (000 §5)', () => {
  it('only for numbers starting with 6 or 7', () => {
    expect(canOfferSms('603123456')).toBe(true);
    expect(canOfferSms('00420 777 123 456')).toBe(true);
    expect(canOfferSms('+420721000000')).toBe(true);
    expect(canOfferSms('222123456')).toBe(false);
    expect(canOfferSms(null)).toBe(false);
  });
});
