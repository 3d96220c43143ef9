/**
 * The contributor's pre-commit hook (issue 27 item 9): `npm ci` runs the root `prepare` script (husky), which
 * points git at `.husky/`; its `pre-commit` runs lint-staged with the root package.json's rules — Prettier
 * writes the staged files, ESLint refuses a commit it would refuse in `npm test`. Proven on a scratch clone of
 * this repository (its objects shared, node_modules linked, the hook files as they are in this work tree): a
 * badly formatted file is committed formatted, a file with a lint error is not committed at all.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTempDirs } from './tempDirs.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const tempDir = useTempDirs();
const inRepo = existsSync(path.join(repo, '.git'));

function run(cwd: string, command: string, args: string[]): SpawnSyncReturns<string> {
  return spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
    },
  });
}

describe.skipIf(!inRepo)('pre-commit hook (husky + lint-staged)', () => {
  let clone = '';
  const probe = 'packages/domain/src/locale/hookProbe.ts';

  beforeAll(() => {
    clone = path.join(tempDir('panel-hook-'), 'clone');
    expect(run(repo, 'git', ['clone', '-q', '--shared', '--no-checkout', repo, clone]).status).toBe(0);
    expect(run(clone, 'git', ['checkout', '-q', 'HEAD']).status).toBe(0);
    // the hook as it is here (committed or not yet), and the installed packages of this work tree
    for (const file of [
      'package.json',
      '.husky/pre-commit',
      '.prettierrc.json',
      '.prettierignore',
      'eslint.config.js',
    ]) {
      cpSync(path.join(repo, file), path.join(clone, file));
    }
    symlinkSync(path.join(repo, 'node_modules'), path.join(clone, 'node_modules'));
    run(clone, 'git', ['add', '-A']);
    run(clone, 'git', ['commit', '-q', '--no-verify', '-m', 'the hook as in the work tree']);
    // what `npm ci` does through the prepare script
    const prepare = (
      JSON.parse(readFileSync(path.join(clone, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts.prepare;
    expect(prepare).toBe('husky');
    const installed = run(clone, path.join(repo, 'node_modules/.bin/husky'), []);
    expect(installed.status, installed.stderr).toBe(0);
  }, 120_000);

  it('formats a staged file with Prettier and commits it', () => {
    writeFileSync(path.join(clone, probe), "export const  hookProbe = {a:1,\n    b: 'x'}\n");
    run(clone, 'git', ['add', probe]);
    const commit = run(clone, 'git', ['commit', '-q', '-m', 'a probe']);
    expect(commit.status, commit.stdout + commit.stderr).toBe(0);
    const committed = run(clone, 'git', ['show', `HEAD:${probe}`]).stdout;
    expect(committed).toBe("export const hookProbe = { a: 1, b: 'x' };\n");
  }, 120_000);

  it('refuses a commit ESLint refuses, and the file stays uncommitted', () => {
    writeFileSync(path.join(clone, probe), 'export const hookProbe = (a: number) => a == 1;\n');
    run(clone, 'git', ['add', probe]);
    const before = run(clone, 'git', ['rev-parse', 'HEAD']).stdout;
    const commit = run(clone, 'git', ['commit', '-q', '-m', 'a lint error']);
    expect(commit.status).not.toBe(0);
    expect(commit.stdout + commit.stderr).toMatch(/eqeqeq/);
    expect(run(clone, 'git', ['rev-parse', 'HEAD']).stdout).toBe(before);
  }, 120_000);
});
