/**
 * Auth calls: login (public), device confirmation, logout and password change. Thin handlers: validate (zod
 * schemas from `@panel/domain/auth`, which also declare the answers), load, authorize, write, present.
 * Authorization lives here, in each route: login is public (the password is the check), the others act on the
 * caller's own session and user — device confirmation accepts only a device assigned to the user (and hands the
 * workstation a trust token for the throttle), the unlock needs `canUnlockLogins`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  canUnlockLogins,
  changePasswordRequestSchema,
  deviceConfirmResponseSchema,
  deviceConfirmSchema,
  identityResponseSchema,
  loginResponseSchema,
  loginSchema,
  loginUnlockResponseSchema,
  loginUnlockSchema,
} from '@panel/domain/auth';
import { okResult } from '@panel/domain/http';
import { forbidden, retryLater, unauthorized, unprocessable } from '../../errors.js';
import { serverTexts } from '../../texts.js';
import { dummyVerify, hashPassword, verifyPassword } from './passwords.js';
import { presentDevice, presentLogin, presentUser } from './presenter.js';
import {
  findActiveUserById,
  findActiveUserByUsername,
  findSessionByTokenHash,
  lastConfirmedDeviceId,
  listUserDevices,
  loadProfile,
  updatePasswordHash,
} from './repository.js';
import { bearerToken, header } from './guard.js';
import { hashToken, sessionStoreFor } from './sessions.js';
import { loginThrottle, throttledMessage } from './throttle.js';

function appCodeOf(request: FastifyRequest, allowed: string[]): string | null {
  const raw = request.headers['app-code'];
  const code = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!code) return allowed[0] ?? null;
  return allowed.includes(code) ? code : null;
}

export default async function authRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const sessions = sessionStoreFor(db);
  const throttle = loginThrottle(db);

  app.post(
    '/v2/auth/login',
    {
      config: { public: true },
      schema: {
        operationId: 'login',
        summary: 'Sign in with user name and password; answers the session token and instance.',
        tags: ['auth'],
        body: loginSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      const { username, password, trustToken } = request.body;
      const user = await findActiveUserByUsername(db, username.trim());
      // a confirmed workstation or a known good address is counted apart from strangers (throttle.ts)
      const source = await throttle.sourceOf(user?.id ?? null, request.ip, trustToken);
      const attempt = await throttle.begin(username, request.ip, source);
      if (attempt.throttled) {
        request.log.warn(
          { username: username.slice(0, 100), address: request.ip, trusted: !!source },
          'login throttled',
        );
        throw retryLater(429, throttledMessage(attempt.retryAfterSeconds), attempt.retryAfterSeconds);
      }
      const appCode = appCodeOf(request, app.deps.config.appCodes);
      const ok = user ? await verifyPassword(user.passwordHash, password) : await dummyVerify(password);
      if (!user || !ok || !appCode) throw unauthorized(serverTexts.invalidCredentials);
      await throttle.succeeded(username, user.id, request.ip, source);
      if (attempt.bypassed) {
        // the throttle of unknown sources would have refused this right password: a lock-out avoided
        app.metrics.loginTrusted();
        request.log.info({ userId: user.id }, 'login from a trusted source while strangers are throttled');
      }

      const [profile, devices, lastDeviceId] = await Promise.all([
        loadProfile(db, user),
        listUserDevices(db, user.id),
        lastConfirmedDeviceId(db, user.id),
      ]);
      const device = devices.find((d) => d.id === lastDeviceId) ?? devices[0] ?? null;
      const session = await sessions.create(user.id, appCode);
      request.log.info({ userId: user.id, sessionId: session.id }, 'login');
      return presentLogin({ token: session.token, instance: session.instance, profile, device, devices });
    },
  );

  app.post(
    '/v2/auth/device',
    {
      config: { deviceOptional: true },
      schema: {
        operationId: 'confirmDevice',
        summary: 'Confirm the device the session works on; answers a trust token for the login throttle.',
        tags: ['auth'],
        body: deviceConfirmSchema,
        response: { 200: deviceConfirmResponseSchema },
      },
    },
    async (request) => {
      const devices = await listUserDevices(db, request.auth.user.id);
      const device = devices.find((d) => d.id === request.body.deviceId);
      if (!device) throw unprocessable({ field: 'deviceId', message: serverTexts.deviceNotAssigned });
      await sessions.confirmDevice(request.auth.sessionId, device.id);
      const trustToken = await throttle.trustDevice(request.auth.user.id, device.id);
      return { result: true as const, device: presentDevice(device), trustToken };
    },
  );

  // 001 §6: the panel asks who it is at start (a reload keeps the token, not a stale copy of roles and unit)
  app.get(
    '/v2/auth/identity',
    {
      config: { deviceOptional: true },
      schema: {
        operationId: 'getIdentity',
        summary: 'The signed-in user and device as they are now (roles, unit).',
        tags: ['auth'],
        response: { 200: identityResponseSchema },
      },
    },
    async (request) => {
      // read now, not the session's cached profile: the point of the call is what changed since the login
      const user = await findActiveUserById(db, request.auth.user.id);
      if (!user) throw unauthorized();
      const { deviceId } = request.auth;
      const [profile, devices] = await Promise.all([loadProfile(db, user), listUserDevices(db, user.id)]);
      const device = deviceId == null ? undefined : devices.find((d) => d.id === deviceId);
      return { user: presentUser(profile), device: device ? presentDevice(device) : null };
    },
  );

  app.post(
    '/v2/auth/unlock',
    {
      schema: {
        operationId: 'unlockLogin',
        summary: 'Lift the login throttle of a user name.',
        tags: ['auth'],
        body: loginUnlockSchema,
        response: { 200: loginUnlockResponseSchema },
      },
    },
    async (request) => {
      if (!canUnlockLogins(request.auth.ability, request.auth.user)) throw forbidden();
      const removed = await throttle.unlock(request.body.username);
      app.metrics.loginUnlocked();
      request.log.info(
        { userId: request.auth.user.id, username: request.body.username.slice(0, 100), removed },
        'login unlocked',
      );
      return { result: true as const, removed };
    },
  );

  // issue 24 item 20: a panel that lost its instance (storage cleared, an old tab) can still end its session with
  // the token and app code alone — ending is all it can do with them; a sent instance must still match. So the
  // route checks the headers itself instead of the guard (which needs all three); none gives 401 as everywhere.
  app.post(
    '/v2/auth/logout',
    {
      config: { public: true },
      schema: {
        operationId: 'logout',
        // public to the guard (it checks the token itself, App-Instance optional), yet it needs the token
        security: [{ session: [] }],
        summary: 'End the session (token and app code suffice).',
        tags: ['auth'],
        response: { 200: okResult },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      const appCode = header(request, 'app-code');
      const instance = header(request, 'app-instance');
      const session = token && appCode ? await findSessionByTokenHash(db, hashToken(token)) : null;
      if (!session || session.appCode !== appCode || (instance && session.instance !== instance)) throw unauthorized();
      await sessions.destroy(session.id);
      return { result: true as const };
    },
  );

  app.put(
    '/v3/user/change-password',
    {
      config: { deviceOptional: true },
      schema: {
        operationId: 'changePassword',
        summary: 'Change the own password; the other sessions of the user end.',
        tags: ['auth'],
        body: changePasswordRequestSchema,
        response: { 200: okResult },
      },
    },
    async (request) => {
      const { oldPassword, newPassword } = request.body;
      const user = await findActiveUserById(db, request.auth.user.id);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(user.passwordHash, oldPassword))) {
        throw unprocessable({ field: 'oldPassword', message: serverTexts.wrongOldPassword });
      }
      await updatePasswordHash(db, user.id, await hashPassword(newPassword));
      // whoever knew the old password is out; this panel stays logged in
      await sessions.destroyOthers(user.id, request.auth.sessionId);
      return { result: true as const };
    },
  );
}
