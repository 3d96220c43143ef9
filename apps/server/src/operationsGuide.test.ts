/**
 * docs/OPERATIONS.md may only tell an operator commands the project's tests run (issue 23 item 10). Each command
 * line of the guide's `sh` blocks must match a rule below, and the rule names the test code that runs it and what
 * must be in that code — so a command added to the guide, or a test that stops running one, fails here.
 *
 * The host's own commands (Debian packages, the system user, systemd, copying the kit into /etc) cannot run in a
 * test on this machine; they are listed as such, each with what stands in for it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

interface Rule {
  /** the guide's command line */
  command: RegExp;
  /** the file that runs it, and strings that must be in it (its arguments as the code spells them) */
  runBy?: { file: string; evidence: string[] };
  /** a host command no test can run here: what stands in for it */
  host?: string;
}

const RULES: Rule[] = [
  // installing a release: apps/server/scripts/release.ts installRelease(), used by release.test.ts and the cluster
  {
    command: /^mkdir -p \/opt\/panel && tar xzf panel-[\d.]+\.tgz -C \/opt\/panel$/,
    runBy: { file: 'apps/server/scripts/release.ts', evidence: ["'tar', ['-xzf'"] },
  },
  {
    command: /^cd \/opt\/panel\/panel-[\d.]+ && npm ci --omit=dev$/,
    runBy: { file: 'apps/server/scripts/release.ts', evidence: ["'ci', '--omit=dev'"] },
  },
  // backups: the drill runs the same CLI files `npm run backup|restore` run
  {
    command: /^(DATABASE_URL|DATA_DIR)=\S+ npm run backup -- --out \S+$/,
    runBy: { file: 'apps/server/src/backup/drill.test.ts', evidence: ["cli('backup', ['--out'", 'DATABASE_URL'] },
  },
  {
    command: /^npm run backup -- --out \S+$/,
    runBy: { file: 'apps/server/src/backup/drill.test.ts', evidence: ["cli('backup', ['--out'"] },
  },
  {
    command: /^(DATABASE_URL|DATA_DIR)=\S+ npm run restore -- \S+\.(dump|tar\.gz)$/,
    runBy: { file: 'apps/server/src/backup/drill.test.ts', evidence: ["cli('restore'"] },
  },
  // TLS: the cluster test's CA and certificate are made by the same openssl lines (names and validity differ)
  {
    command: /^openssl req -x509 /,
    runBy: {
      file: 'e2e/cluster/tls.ts',
      evidence: [
        'req -x509 -newkey rsa:2048 -nodes -days',
        '-addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign',
      ],
    },
  },
  {
    command: /^openssl req -newkey /,
    runBy: { file: 'e2e/cluster/tls.ts', evidence: ['req -newkey rsa:2048 -nodes -subj'] },
  },
  {
    command: /^printf 'subjectAltName=/,
    runBy: { file: 'e2e/cluster/tls.ts', evidence: ['extendedKeyUsage=serverAuth\\nbasicConstraints=CA:FALSE\\n'] },
  },
  {
    command: /^openssl x509 -req /,
    runBy: {
      file: 'e2e/cluster/tls.ts',
      evidence: ['x509 -req -in panel.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days'],
    },
  },
  // nginx: the cluster test checks and reloads the shipped site as an operator does
  { command: /^nginx -t && nginx -s reload$/, runBy: { file: 'e2e/cluster/nginx.ts', evidence: ["'-t'", "'reload'"] } },
  // trackers: the release test runs the release's `trackers` script
  {
    command: /npm run trackers -- create /,
    runBy: { file: 'apps/server/src/release.test.ts', evidence: ["'trackers'"] },
  },
  // the host's own commands
  { command: /^cd \/opt\/panel\/current$/, host: "the release folder the scripts run in (installRelease's root)" },
  {
    command: /^apt-get install -y (nodejs npm|postgresql|nginx)$/,
    host: 'Debian packages; .ci/run installs nginx and postgresql-client the same way',
  },
  {
    command: /^useradd --system /,
    host: 'the service user of deploy/systemd/panel@.service (User=panel, checked by deploySystemd.test.ts)',
  },
  {
    command: /^su postgres -c "(createuser|createdb) /,
    host: "PostgreSQL's own tools; the cluster test and the drill create their databases with SQL",
  },
  {
    command: /^ln -sfn \/opt\/panel\/panel-[\d.]+ \/opt\/panel\/current$/,
    host: 'the unit runs /opt/panel/current (deploySystemd.test.ts)',
  },
  {
    command: /^(install -d|cp \/opt\/panel\/current\/deploy\/|ln -s \/etc\/nginx|rm \/etc\/nginx)/,
    host: 'copying the kit in place; the tests run the files where they lie',
  },
  {
    command: /^systemctl (daemon-reload|enable --now panel@|restart panel@)/,
    host: 'systemd is not PID 1 here: the cluster test drains, kills and restarts the nodes the way the unit does',
  },
];

/** the command lines of the guide's ```sh blocks (comments and blank lines left out) */
function guideCommands(): string[] {
  const guide = read('docs/OPERATIONS.md');
  return [...guide.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((m) => m[1].split('\n'))
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

describe("docs/OPERATIONS.md's commands", () => {
  const commands = guideCommands();

  it('are many (the guide has its blocks)', () => {
    expect(commands.length).toBeGreaterThan(20);
  });

  it('each is run by a test, or is a host command named as such', () => {
    const unknown = commands.filter((c) => !RULES.some((r) => r.command.test(c)));
    expect(unknown).toEqual([]);
  });

  it("each test a rule names really holds the command's arguments", () => {
    const missing: string[] = [];
    for (const rule of RULES.filter((r) => r.runBy)) {
      const { file, evidence } = rule.runBy!;
      const text = read(file);
      for (const e of evidence) if (!text.includes(e)) missing.push(`${file}: ${e}`);
    }
    expect(missing).toEqual([]);
  });

  it('every rule is still used by the guide (no stale rule hides a removed command)', () => {
    const unused = RULES.filter((r) => !commands.some((c) => r.command.test(c))).map((r) => String(r.command));
    expect(unused).toEqual([]);
  });
});
