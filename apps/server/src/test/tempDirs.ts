/** Throwaway folders for a test file: made under the OS temp folder, all removed after the file's tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * Call at a test file's top level; returns `tempDir(prefix)`, a new folder each call. `alsoRemove` are paths
 * made elsewhere (a build's output folder) to remove with them.
 */
export function useTempDirs(...alsoRemove: string[]): (prefix: string) => string {
  const temps = [...alsoRemove];
  afterAll(() => {
    for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  });
  return (prefix) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    temps.push(dir);
    return dir;
  };
}
