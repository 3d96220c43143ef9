/**
 * The gate every route passes: reads `Authorization: Bearer`, `app-code` and `app-instance`, finds the live
 * session (sessions.ts caches it for 30 s so polling stays cheap) and fills `request.auth`. Routes opt out with
 * route config `{public: true}`; until the device is confirmed only routes with `{deviceOptional: true}` run.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../errors.js';
import { serverTexts } from '../../texts.js';
import { sessionStoreFor, type SessionCredentials } from './sessions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** no session needed (login, version) */
    public?: boolean;
    /** allowed before the device of the session is confirmed (auth/*, change password) */
    deviceOptional?: boolean;
  }
}

export function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() !== '' ? s.trim() : undefined;
}

/** The token of `Authorization: Bearer <token>`, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const authorization = header(request, 'authorization');
  return (authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null)?.[1];
}

/** The three header values, or null when any is missing. */
export function credentialsFrom(request: FastifyRequest): SessionCredentials | null {
  const token = bearerToken(request);
  const appCode = header(request, 'app-code');
  const instance = header(request, 'app-instance');
  if (!token || !appCode || !instance) return null;
  return { token, appCode, instance };
}

/** Registers the authentication hook on the root instance (applies to every route, also of child plugins). */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('auth', null as unknown as FastifyRequest['auth']);
  // onRequest, before the body is read: an anonymous caller learns nothing about payload rules and cannot make
  // the server parse large bodies.
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // unmatched routes (404, SPA fallback) carry no url; the not-found handler decides for them
    if (!request.routeOptions.url || config?.public) return;
    const credentials = credentialsFrom(request);
    if (!credentials) throw unauthorized();
    const { appCodes } = app.deps.config;
    if (!appCodes.includes(credentials.appCode)) throw unauthorized();
    const auth = await sessionStoreFor(app.deps.db).verify(credentials);
    if (!auth) throw unauthorized();
    request.auth = auth;
    if (auth.deviceId === null && !config?.deviceOptional) throw forbidden(serverTexts.deviceNotConfirmed);
  });
}

/** The guard as a named plugin on the root (not encapsulated: its hooks see every route); areas depend on it. */
export const authGuardPlugin = fp(async (app: FastifyInstance) => registerAuthGuard(app), {
  name: 'authGuard',
  fastify: '5.x',
  dependencies: ['services'],
  decorators: { fastify: ['deps'] },
});
