/**
 * Readers of the deployment kit in deploy/ for its tests: the systemd unit's [Service] settings and the
 * environment file's variables, parsed as systemd reads them (one `KEY=VALUE` a line, `#` comments).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const UNIT_FILE = path.join(repoRoot, 'deploy/systemd/panel@.service');
export const ENV_EXAMPLE = path.join(repoRoot, 'deploy/panel.env.example');

/** `[Service]` settings of a unit file, each key with all its values in order (Environment= repeats). */
export function serviceSettings(file: string = UNIT_FILE): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    if (section !== 'Service') continue;
    const eq = line.indexOf('=');
    const key = line.slice(0, eq);
    settings.set(key, [...(settings.get(key) ?? []), line.slice(eq + 1)]);
  }
  return settings;
}

/** The variables an environment file sets (uncommented `KEY=VALUE` lines). */
export function envFileValues(file: string = ENV_EXAMPLE): Record<string, string> {
  const values: Record<string, string> = {};
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(raw.trim());
    if (m) values[m[1]] = m[2];
  }
  return values;
}

/** Every variable an environment file names, set or commented out (`# KEY=…`). */
export function envFileNames(file: string = ENV_EXAMPLE): Set<string> {
  const names = new Set<string>();
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const m = /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(raw.trim());
    if (m) names.add(m[1]);
  }
  return names;
}

/** The variables README.md's configuration table lists (every `NAME` in the first column). */
export function readmeVariables(): Set<string> {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const table = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5),
  );
  const names = new Set<string>();
  for (const row of table.split('\n')) {
    if (!row.startsWith('| `')) continue;
    const first = row.split('|')[1].replace(/default `[^`]*`/g, ''); // `CADASTRE_WMS_LAYERS`, default `KN`
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]);
  }
  return names;
}

/**
 * The environment a unit's service gets: the environment file's values, over them the unit's `Environment=`
 * lines… except that systemd lets EnvironmentFile= override Environment= — so the file must not set what the
 * unit sets (the test checks that), and the merge order here does not matter for a correct kit.
 */
export function unitEnvironment(instance: string, settings = serviceSettings()): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of settings.get('Environment') ?? []) {
    const [key, ...rest] = line.replaceAll('%i', instance).split('=');
    env[key] = rest.join('=');
  }
  return env;
}
