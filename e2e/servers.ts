/**
 * Where each Playwright worker's own panel server listens (playwright.config.ts starts one per worker; the
 * journeys' `baseURL` is their worker's, tests/helpers.ts).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);
const FIRST_PORT = Number(process.env.E2E_PORT ?? 8181);

/** The server of the worker with this parallelIndex (0 … E2E_WORKERS − 1). */
export const serverPort = (parallelIndex: number): number => FIRST_PORT + parallelIndex;
export const serverURL = (parallelIndex: number): string => `http://127.0.0.1:${serverPort(parallelIndex)}`;
