/** zod schemas of login, change password and device confirmation; messages verbatim from 000 §5 and 001 §5. */
import { z } from 'zod';
import { PASSWORD_MIN } from '../constants/index';
import { auth, password, server } from '../locale/texts/auth';

/** A required string: missing, non-string and empty all give the same Czech message. */
const requiredString = (message: string) => z.string({ error: message }).min(1, { error: message });

export const loginSchema = z.object({
  username: z.string({ error: auth.usernameRequired }).trim().min(1, { error: auth.usernameRequired }),
  password: requiredString(auth.passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;

const newPassword = requiredString(password.newPasswordRequired).min(PASSWORD_MIN, { error: password.minLength });

export const changePasswordRequestSchema = z.object({
  oldPassword: requiredString(password.oldPasswordRequired),
  newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changePasswordFormSchema = z
  .object({
    oldPassword: requiredString(password.oldPasswordRequired),
    newPassword,
    confirmPassword: requiredString(password.confirmPasswordRequired),
  })
  .refine((v) => v.confirmPassword === v.newPassword, { error: password.mismatch, path: ['confirmPassword'] });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const deviceConfirmSchema = z.object({
  deviceId: z.number({ error: server.required }).int({ error: server.required }).positive({ error: server.required }),
});
export type DeviceConfirmInput = z.infer<typeof deviceConfirmSchema>;
