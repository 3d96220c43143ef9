/**
 * Named Fastify plugins (issue 27 item 4): the app's services as one decorator, and the helper that turns an
 * area's routes into a named plugin with its declared dependencies. Fastify checks at registration that every
 * dependency was registered before, and that the decorators an area reads exist.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../context.js';

/** `app.deps` (configuration, database, push hub, database monitor): on the root, so every area reads it. */
export function servicesPlugin(deps: AppDeps) {
  return fp(
    async (app: FastifyInstance) => {
      app.decorate('deps', deps);
    },
    { name: 'services', fastify: '5.x' },
  );
}

export interface AreaOptions {
  /** the area's name, as other areas name it in `dependencies` */
  name: string;
  /** the area's routes (its `modules/<area>/routes.ts` default export) */
  routes: (app: FastifyInstance) => Promise<void>;
  /** named plugins that must be registered first; every area needs the services and the authentication guard */
  dependencies?: string[];
}

/**
 * An area as a named plugin. Encapsulated as a plain `register` is (its hooks and decorators stay inside), but
 * named, with its dependencies and the `deps` decorator checked by Fastify.
 */
export function areaPlugin({ name, routes, dependencies = [] }: AreaOptions) {
  return fp(async (app: FastifyInstance) => routes(app), {
    name,
    fastify: '5.x',
    encapsulate: true,
    dependencies: ['services', 'authGuard', ...dependencies],
    decorators: { fastify: ['deps'] },
  });
}
