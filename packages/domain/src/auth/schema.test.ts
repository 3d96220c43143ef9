import { describe, it, expect } from 'vitest';
import { toFieldErrors } from '../http/index';
import { changePasswordFormSchema, changePasswordRequestSchema, deviceConfirmSchema, loginSchema } from './schema';
import type { z } from 'zod';

function errors(schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? [] : toFieldErrors(r.error);
}

describe('loginSchema (000 §5)', () => {
  it('accepts and trims the username', () => {
    expect(loginSchema.parse({ username: '  novak ', password: 'x' })).toEqual({ username: 'novak', password: 'x' });
  });
  it('requires the username', () => {
    const expected = [{ field: 'username', message: 'Prosím zadejte uživatelské jméno' }];
    expect(errors(loginSchema, { username: '', password: 'x' })).toEqual(expected);
    expect(errors(loginSchema, { username: '   ', password: 'x' })).toEqual(expected);
    expect(errors(loginSchema, { password: 'x' })).toEqual(expected);
  });
  it('requires the password', () => {
    const expected = [{ field: 'password', message: 'Prosím zadejte heslo' }];
    expect(errors(loginSchema, { username: 'novak', password: '' })).toEqual(expected);
    expect(errors(loginSchema, { username: 'novak' })).toEqual(expected);
  });
  it('reports both fields at once', () => {
    expect(errors(loginSchema, {}).map((e) => e.field)).toEqual(['username', 'password']);
  });
});

describe('changePasswordFormSchema (001 §5)', () => {
  const valid = { oldPassword: 'stare', newPassword: 'noveheslo', confirmPassword: 'noveheslo' };
  it('accepts a valid form', () => {
    expect(changePasswordFormSchema.safeParse(valid).success).toBe(true);
  });
  it('requires the old password', () => {
    expect(errors(changePasswordFormSchema, { ...valid, oldPassword: '' })).toEqual([
      { field: 'oldPassword', message: 'Prosím zadejte původní heslo' },
    ]);
  });
  it('requires the new password (first message only)', () => {
    expect(errors(changePasswordFormSchema, { ...valid, newPassword: '', confirmPassword: '' })).toEqual([
      { field: 'newPassword', message: 'Prosím zadejte heslo' },
      { field: 'confirmPassword', message: 'Prosím zadejte potvrzení hesla' },
    ]);
  });
  it('needs at least 8 characters', () => {
    expect(errors(changePasswordFormSchema, { ...valid, newPassword: '1234567', confirmPassword: '1234567' })).toEqual([
      { field: 'newPassword', message: 'Heslo musí mít alespoň 8 znaků' },
    ]);
    expect(
      changePasswordFormSchema.safeParse({ ...valid, newPassword: '12345678', confirmPassword: '12345678' }).success,
    ).toBe(true);
  });
  it('needs the confirmation to match, reported on confirmPassword', () => {
    expect(errors(changePasswordFormSchema, { ...valid, confirmPassword: 'jinenoveheslo' })).toEqual([
      { field: 'confirmPassword', message: 'Hesla se neshodují' },
    ]);
  });
});

describe('changePasswordRequestSchema', () => {
  it('has the same rules without a confirmation', () => {
    expect(changePasswordRequestSchema.parse({ oldPassword: 'a', newPassword: 'abcdefgh' })).toEqual({
      oldPassword: 'a',
      newPassword: 'abcdefgh',
    });
    expect(errors(changePasswordRequestSchema, { oldPassword: '', newPassword: 'short' })).toEqual([
      { field: 'oldPassword', message: 'Prosím zadejte původní heslo' },
      { field: 'newPassword', message: 'Heslo musí mít alespoň 8 znaků' },
    ]);
  });
});

describe('deviceConfirmSchema', () => {
  it('needs a positive integer deviceId', () => {
    expect(deviceConfirmSchema.parse({ deviceId: 4 })).toEqual({ deviceId: 4 });
    for (const deviceId of [0, -1, 1.5, '4', null, undefined]) {
      expect(errors(deviceConfirmSchema, { deviceId })).toEqual([{ field: 'deviceId', message: 'Povinné pole.' }]);
    }
  });
});
