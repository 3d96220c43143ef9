/** The route-level authorization check: kept below the modules so no area imports the composition root. */
import type { FastifyRequest } from 'fastify';
import type { Action, Subject } from '@panel/domain/auth';
import { forbidden } from '../errors.js';

/** Throws 403 unless the user of the request may do `action` on `subject` (CASL, domain rules). */
export function requireAbility(request: FastifyRequest, action: Action, subject: Subject): void {
  if (!request.auth?.ability?.can(action, subject)) throw forbidden();
}
