/**
 * Keeps the design documents honest (issue 27 item 1): docs/ARCHITECTURE.md stays readable in an hour (at most
 * 500 lines), every repository path the documents put in backticks exists, every section a code comment or another
 * document cites by its heading exists, and bench/RESULTS.md names only benchmark commands that exist — and one for
 * every benchmark script, so no benchmark falls out of it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

const DOCS = ['docs/ARCHITECTURE.md', 'docs/READINGS.md', 'bench/RESULTS.md'];
const MAX_ARCHITECTURE_LINES = 500;

/** where a path that does not start at the repository root may live (the documents name files by their area) */
const BASES = [
  'apps/server/src',
  'apps/web/src',
  'packages/domain/src',
  'apps/server/src/modules',
  'apps/web/src/features',
  'apps/server',
];
const ROOT_DIRS = ['apps', 'packages', 'bench', 'e2e', 'deploy', 'docs', 'scripts', '.ci'];
/** made by a build or a release, never committed */
const GENERATED = /(^|\/)(dist|release)(\/|$)/;

function headings(file: string): Set<string> {
  return new Set([...read(file).matchAll(/^#{1,6} +(.+?) *$/gm)].map((m) => m[1]));
}

/** backticked tokens that look like repository paths: a slash, no spaces, no placeholders or globs */
function pathTokens(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)]
    .map((m) => m[1])
    .filter((t) => t.includes('/') && !/[\s<>{}*…=:@]/.test(t) && !t.startsWith('/') && !t.startsWith('.'))
    .filter((t) => !GENERATED.test(t));
}

/** where a token resolves, or null when it names no repository folder at all (then it is not a path of ours) */
function resolves(token: string): boolean | null {
  const clean = token.replace(/\/$/, '');
  const first = clean.split('/')[0];
  if (ROOT_DIRS.includes(first)) return existsSync(path.join(repo, clean));
  const bases = BASES.filter((b) => existsSync(path.join(repo, b, first)));
  if (bases.length === 0) return null;
  return bases.some((b) => existsSync(path.join(repo, b, clean)));
}

const SCANNED = /\.(ts|tsx|js|mjs|json|md|yml|yaml|conf|service|example|sql|sh)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.cluster', 'test-results', 'playwright-report', 'release']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(repo, dir))) {
    if (SKIPPED_DIRS.has(entry) || entry.startsWith('.')) continue;
    const rel = path.join(dir, entry);
    if (statSync(path.join(repo, rel)).isDirectory()) sourceFiles(rel, out);
    else if (SCANNED.test(entry)) out.push(rel);
  }
  return out;
}

interface Citation {
  file: string;
  doc: 'ARCHITECTURE' | 'READINGS';
  section: string;
}

/**
 * A citation is the document's file name followed by one or more section headings in double quotes (optionally
 * after a markdown link, in parentheses, comma-separated, or with escaped quotes in JSON); a heading may wrap onto
 * the next line of a paragraph.
 */
function citations(file: string): Citation[] {
  const text = read(file);
  const found: Citation[] = [];
  const cite = /(ARCHITECTURE|READINGS)\.md`?(?:\]\([^)]*\))?\s*\(?((?:\\?"[A-Za-z][^"\\]{0,79}\\?"(?:,\s*)?)+)/g;
  for (const m of text.matchAll(cite)) {
    for (const name of m[2].matchAll(/\\?"([A-Za-z][^"\\]*)\\?"/g)) {
      found.push({ file, doc: m[1] as Citation['doc'], section: name[1].replace(/\s+/g, ' ').trim() });
    }
  }
  return found;
}

function allCitations(): Citation[] {
  const files = [
    ...['packages', 'apps', 'deploy', 'bench', 'e2e'].flatMap((d) => sourceFiles(d)),
    ...['README.md', 'CONTRIBUTING.md'],
    ...readdirSync(path.join(repo, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  return files.flatMap(citations);
}

describe('docs/ARCHITECTURE.md', () => {
  it(`is at most ${MAX_ARCHITECTURE_LINES} lines`, () => {
    const lines = read('docs/ARCHITECTURE.md').split('\n').length;
    expect(lines).toBeLessThanOrEqual(MAX_ARCHITECTURE_LINES);
  });

  it('draws the picture first and has a section per area', () => {
    const names = headings('docs/ARCHITECTURE.md');
    for (const section of ['Sides', 'Floors of the server', 'The flow of a write', 'The flow of a poll']) {
      expect(names).toContain(section);
    }
    const areas = readdirSync(path.join(repo, 'apps/server/src/modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .filter((area) => existsSync(path.join(repo, 'packages/domain/src', area)));
    expect(areas.filter((area) => !names.has(area))).toEqual([]);
  });
});

describe('the design documents', () => {
  it.each(DOCS)('%s names only repository paths that exist', (doc) => {
    const tokens = pathTokens(read(doc));
    expect(tokens.length).toBeGreaterThan(doc === 'bench/RESULTS.md' ? 0 : 20);
    expect(tokens.filter((t) => resolves(t) === false)).toEqual([]);
  });

  it.each(DOCS)('%s links only to files that exist', (doc) => {
    const links = [...read(doc).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]);
    const broken = links.filter((l) => !/^https?:/.test(l) && !existsSync(path.join(repo, path.dirname(doc), l)));
    expect(broken).toEqual([]);
  });

  it('have every section that code comments and documents cite', () => {
    const sections = {
      ARCHITECTURE: headings('docs/ARCHITECTURE.md'),
      READINGS: headings('docs/READINGS.md'),
    };
    const found = allCitations();
    expect(found.length).toBeGreaterThan(30);
    const missing = found
      .filter((c) => !sections[c.doc].has(c.section))
      .map((c) => `${c.file}: ${c.doc}.md "${c.section}"`);
    expect(missing).toEqual([]);
  });

  it('keep the spec readings in one table per section (spec clause, question, reading, where in code)', () => {
    const rows = read('docs/READINGS.md')
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| spec clause'));
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.filter((r) => r.split(' | ').length !== 4)).toEqual([]);
  });
});

describe('bench/RESULTS.md', () => {
  const results = read('bench/RESULTS.md');
  const benchScripts = Object.keys(
    (JSON.parse(read('bench/package.json')) as { scripts: Record<string, string> }).scripts,
  );
  const rootScripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

  it('names only npm scripts that exist', () => {
    const commands = [...results.matchAll(/npm run ([\w:.-]+)( -w bench)?/g)];
    expect(commands.length).toBeGreaterThan(10);
    const unknown = commands
      .filter(([, script, inBench]) => !(inBench ? benchScripts : rootScripts).includes(script))
      .map(([command]) => command);
    expect(unknown).toEqual([]);
  });

  it('has a row with its command for every benchmark script', () => {
    const missing = benchScripts.filter((s) => !results.includes(`npm run ${s} -w bench`));
    expect(missing).toEqual([]);
  });

  it('gives every figure its command and its date', () => {
    const rows = results.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| benchmark'));
    expect(rows.filter((r) => !r.includes('npm run '))).toEqual([]);
    expect(rows.filter((r) => !/\d{1,2}\.\d{1,2}\.\d{4}|not stated|— \|$/.test(r))).toEqual([]);
  });
});
