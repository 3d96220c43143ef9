/**
 * The release's identity (issue 23): outside a release, the root package.json's version and the checkout's
 * commit; `gitCommit` answers "unknown" outside git instead of failing the start.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_COMMIT, buildInfo, gitCommit, packageVersion, releaseLabel } from './buildInfo.js';
import { useTempDirs } from './test/tempDirs.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tempDir = useTempDirs();

describe('build info', () => {
  it('is the root package.json version and the short commit of the checkout', () => {
    const rootVersion = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string })
      .version;
    expect(rootVersion).toMatch(/^\d+\.\d+\.\d+/);
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot }).toString().trim();
    expect(buildInfo()).toEqual({ version: rootVersion, commit: head });
    expect(releaseLabel()).toBe(`Panel ${rootVersion} (${head})`);
  });

  it('says "unknown" outside git and 0.0.0 without a version', () => {
    const dir = tempDir('panel-nogit-');
    expect(gitCommit(dir)).toBe(UNKNOWN_COMMIT);
    expect(packageVersion(dir)).toBe('0.0.0');
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version: '2.3.4' }));
    expect(packageVersion(dir)).toBe('2.3.4');
  });
});
