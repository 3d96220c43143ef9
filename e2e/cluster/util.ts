/** Small helpers of the cluster test: the repository root, free ports, waiting. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// free ports, waiting: the helpers every test that starts processes of its own shares
export { freePort, sleep, waitFor } from '../../apps/server/src/test/localServices.js';
