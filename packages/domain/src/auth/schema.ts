/**
 * zod schemas of the auth calls (docs/ARCHITECTURE.md "auth"; issue 16: the server validates and declares
 * its answers with them, the web infers its types): login, change password and device confirmation requests with
 * messages verbatim from 000 §5 and 001 §5, and the answers.
 */
import { z } from 'zod';
import { PASSWORD_MIN } from '../constants/index';
import type { unauthorizedBody } from '../http/schema';
import { serverTexts } from '../http/texts';
import { authTexts, passwordTexts } from './texts';

/** A required string: missing, non-string and empty all give the same Czech message. */
const requiredString = (message: string) => z.string({ error: message }).min(1, { error: message });

export const loginSchema = z.object({
  username: z.string({ error: authTexts.usernameRequired }).trim().min(1, { error: authTexts.usernameRequired }),
  password: requiredString(authTexts.passwordRequired),
  trustToken: z
    .string()
    .max(200)
    .optional()
    .describe(
      "the workstation's trust token from its device confirmation: its logins are not refused for strangers' failures",
    ),
});
export type LoginInput = z.infer<typeof loginSchema>;

const newPassword = requiredString(passwordTexts.newPasswordRequired).min(PASSWORD_MIN, {
  error: passwordTexts.minLength,
});

export const changePasswordRequestSchema = z.object({
  oldPassword: requiredString(passwordTexts.oldPasswordRequired),
  newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changePasswordFormSchema = z
  .object({
    oldPassword: requiredString(passwordTexts.oldPasswordRequired),
    newPassword,
    confirmPassword: requiredString(passwordTexts.confirmPasswordRequired),
  })
  .refine((v) => v.confirmPassword === v.newPassword, { error: passwordTexts.mismatch, path: ['confirmPassword'] });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const deviceConfirmSchema = z.object({
  deviceId: z
    .number({ error: serverTexts.required })
    .int({ error: serverTexts.required })
    .positive({ error: serverTexts.required }),
});
export type DeviceConfirmInput = z.infer<typeof deviceConfirmSchema>;

// --- answers ---

export const authUserSchema = z
  .object({
    id: z.number(),
    username: z.string(),
    baseId: z.number().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    roles: z.array(z.string()),
    groups: z.array(z.string()),
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof authUserSchema>;

export const deviceSummarySchema = z.object({ id: z.number(), name: z.string(), code: z.string() });
export type DeviceSummary = z.infer<typeof deviceSummarySchema>;

/** POST /v2/auth/login 200. */
export const loginResponseSchema = z.object({
  result: z.literal(true),
  message: z.string().describe('The bearer token.'),
  user: authUserSchema,
  device: deviceSummarySchema
    .nullable()
    .describe('the device offered for confirmation: the last confirmed, else the first'),
  devices: z.array(deviceSummarySchema),
  instance: z.string().describe('the App-Instance header every later call carries'),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The 401 of a login: the house `unauthorizedBody`. */
export type LoginFailure = z.infer<typeof unauthorizedBody>;

/** POST /v2/auth/device 200. */
/**
 * Answer of GET /v2/auth/identity (001 §6 "a user identity triggers fetching the identity at start"): who the
 * session belongs to now — roles, groups and unit as the server knows them, and the confirmed device (null
 * before the confirmation).
 */
export const identityResponseSchema = z
  .object({ user: authUserSchema, device: deviceSummarySchema.nullable() })
  .meta({ id: 'Identity' });
export type IdentityResponse = z.infer<typeof identityResponseSchema>;

export const deviceConfirmResponseSchema = z.object({
  result: z.literal(true),
  device: deviceSummarySchema,
  trustToken: z
    .string()
    .describe('kept by the panel for this username and sent with its next logins (confirmed device, issue 24 item 9)'),
});
export type DeviceConfirmResponse = z.infer<typeof deviceConfirmResponseSchema>;

/** POST /v2/auth/unlock: an administrator lifts the login throttle of an account (issue 24 item 9). */
export const loginUnlockSchema = z.object({
  username: z.string({ error: authTexts.usernameRequired }).trim().min(1, { error: authTexts.usernameRequired }),
});
export type LoginUnlockInput = z.infer<typeof loginUnlockSchema>;

/** POST /v2/auth/unlock 200: how many recorded failures went. */
export const loginUnlockResponseSchema = z.object({ result: z.literal(true), removed: z.number() });
export type LoginUnlockResponse = z.infer<typeof loginUnlockResponseSchema>;
