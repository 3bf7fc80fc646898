/**
 * `npm run structure`: the code's shape, measured, beside its targets (docs/architecture.md,
 * "The shape of the code"). Each figure is counted here from the files as they are:
 *
 * - duplicated pairs: places in src where 10 or more lines (trimmed, blank lines, comments and
 *   import lines left out) are the same as somewhere else, counted once per pair of files and
 *   run of lines; tests and locale files are not counted;
 * - files over 400 lines in src, tests left out, each saying in its header why it is kept whole;
 * - writes into another module's table: what the `local/own-tables` lint rule refuses;
 * - imports of src/server from the sandbox (src/sandbox), and of the sandbox from the server;
 * - imports running back up in the PDA: a feature folder importing another feature folder
 *   (the app's shell in shell/, the kit in kit/, the data layer in data/, sync/ and scan/, and the
 *   shared reference data in reference/ are what features stand on);
 * - `as unknown as` casts in src;
 * - the server modules' graph: which module imports which (an edge only its routes files make is
 *   named as the routes'), as docs/architecture.md §2 draws it.
 *
 * It prints each beside its target and exits 0: a figure over target is a finding to read, not
 * a failed build (lint holds the rules that are already met).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';

const ROOT = resolve(import.meta.dirname, '..');
const WINDOW = 10;
const LONG_FILE = 400;
/** Folders of src/pda that every feature may stand on. */
const PDA_BASE = new Set([
  'shell',
  'kit',
  'data',
  'reference',
  'sync',
  'scan',
  'screens',
  'settings',
  'undo',
]);

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(path));
    else if (
      /\.(ts|tsx)$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
    )
      found.push(path);
  }
  return found;
}

const files = sourceFiles(join(ROOT, 'src'));
const texts = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
const rel = (file: string) => relative(ROOT, file);

/** Lines that carry code: trimmed, without blanks, comments and imports, each with its line number. */
function codeLines(text: string): { line: string; at: number }[] {
  const kept: { line: string; at: number }[] = [];
  let inComment = false;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (inComment) {
      if (line.includes('*/')) inComment = false;
      return;
    }
    if (line.startsWith('/*')) {
      inComment = !line.includes('*/');
      return;
    }
    if (line === '' || line.startsWith('//') || line.startsWith('import ') || /^[)}\]{(;,]*$/.test(line))
      return;
    kept.push({ line, at: index + 1 });
  });
  return kept;
}

function duplicatedPairs(): { count: number; examples: string[] } {
  const seen = new Map<string, { file: string; at: number }>();
  const pairs = new Map<string, string>();
  for (const [file, text] of texts) {
    const lines = codeLines(text);
    let lastPairAt = new Map<string, number>();
    for (let start = 0; start + WINDOW <= lines.length; start += 1) {
      const window = lines.slice(start, start + WINDOW);
      const hash = createHash('sha1')
        .update(window.map((entry) => entry.line).join('\n'))
        .digest('hex');
      const first = seen.get(hash);
      const at = window[0]?.at ?? 0;
      if (!first) {
        seen.set(hash, { file, at });
        continue;
      }
      if (first.file === file && Math.abs(first.at - at) < WINDOW) continue;
      // One pair per run: overlapping windows of the same two places count once.
      const key = `${rel(first.file)} ${rel(file)}`;
      const previous = lastPairAt.get(key);
      lastPairAt.set(key, start);
      if (previous !== undefined && start - previous < WINDOW) continue;
      pairs.set(`${key}:${start}`, `${rel(first.file)}:${first.at} = ${rel(file)}:${at}`);
    }
    lastPairAt = new Map();
  }
  return { count: pairs.size, examples: [...pairs.values()].slice(0, 10) };
}

function longFiles(): string[] {
  return [...texts]
    .map(([file, text]) => ({ file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) }))
    .filter((entry) => entry.lines > LONG_FILE)
    .sort((a, b) => b.lines - a.lines)
    .map((entry) => {
      // A file kept long says why in its opening comment ("Kept whole past 400 lines: …").
      const header = /^[\s\S]*?\*\//.exec(texts.get(entry.file) ?? '')?.[0] ?? '';
      const reason = header.includes(`past ${LONG_FILE} lines`) ? '' : ', no reason in its header';
      return `${rel(entry.file)} (${entry.lines}${reason})`;
    });
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Each relative import of a file, resolved to a path under the repository. */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const match of (texts.get(file) ?? '').matchAll(IMPORT)) {
    const target = match[1] ?? match[2] ?? '';
    if (target.startsWith('.')) found.push(rel(resolve(dirname(file), target)));
    else if (target.startsWith('@server/')) found.push(`src/server/${target.slice('@server/'.length)}`);
    else if (target.startsWith('@sandbox/')) found.push(`src/sandbox/${target.slice('@sandbox/'.length)}`);
  }
  return found;
}

function crossings(from: string, to: string): string[] {
  return files
    .filter((file) => rel(file).startsWith(from))
    .flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(to))
        .map((target) => `${rel(file)} → ${target}`),
    );
}

function pdaBackImports(): string[] {
  return files
    .filter((file) => rel(file).startsWith('src/pda/'))
    .flatMap((file) => {
      const own = rel(file).split('/')[2] ?? '';
      if (PDA_BASE.has(own)) return [];
      return importsOf(file)
        .filter((target) => target.startsWith('src/pda/'))
        .filter((target) => {
          const folder = target.split('/')[2] ?? '';
          return folder !== own && !PDA_BASE.has(folder) && target.split('/').length > 3;
        })
        .map((target) => `${rel(file)} → ${target}`);
    });
}

async function foreignWrites(): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const results = await eslint.lintFiles(['src/server/modules/**/*.ts']);
  return results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId === 'local/own-tables')
      .map((message) => `${rel(result.filePath)}:${message.line} ${message.message}`),
  );
}

function casts(): string[] {
  return [...texts].flatMap(([file, text]) =>
    text
      .split('\n')
      .map((line, index) => ({ line, index }))
      .filter((entry) => entry.line.includes('as unknown as'))
      .map((entry) => `${rel(file)}:${entry.index + 1}`),
  );
}

/** Each server module with the modules it imports; those only its routes files import in brackets. */
function moduleGraph(): string[] {
  const moduleOf = (path: string) => /^src\/server\/modules\/([^/]+)\//.exec(path)?.[1] ?? null;
  const edges = new Map<string, Map<string, boolean>>();
  for (const file of files) {
    const from = moduleOf(rel(file));
    if (!from) continue;
    const own = edges.get(from) ?? new Map<string, boolean>();
    edges.set(from, own);
    const byRoutes = file.endsWith('.routes.ts');
    for (const target of importsOf(file)) {
      const to = moduleOf(target);
      if (!to || to === from) continue;
      own.set(to, (own.get(to) ?? true) && byRoutes);
    }
  }
  return [...edges]
    .sort(([a, x], [b, y]) => x.size - y.size || a.localeCompare(b))
    .map(([from, targets]) => {
      const sorted = [...targets].sort(([a], [b]) => a.localeCompare(b));
      const used = sorted.filter(([, routesOnly]) => !routesOnly).map(([to]) => to);
      const routes = sorted.filter(([, routesOnly]) => routesOnly).map(([to]) => to);
      const line = used.length > 0 ? `→ ${used.join(', ')}` : 'depends on no module';
      return `${from.padEnd(14)} ${line}${routes.length > 0 ? `   (routes: ${routes.join(', ')})` : ''}`;
    });
}

function row(name: string, value: number, target: number, details: string[] = []): void {
  const verdict = value <= target ? 'ok' : 'OVER';
  console.log(
    `${name.padEnd(44)} ${String(value).padStart(5)}   target ≤ ${String(target).padEnd(4)} ${verdict}`,
  );
  for (const detail of details.slice(0, 12)) console.log(`    ${detail}`);
  if (details.length > 12) console.log(`    … ${details.length - 12} more`);
}

async function main() {
  const duplicates = duplicatedPairs();
  const long = longFiles();
  const writes = await foreignWrites();
  const sandboxToServer = crossings('src/sandbox/', 'src/server/');
  const serverToSandbox = crossings('src/server/', 'src/sandbox/');
  const pda = pdaBackImports();
  const unknownCasts = casts();
  console.log(`the shape of src (${files.length} files, tests left out)\n`);
  row(`duplicated runs of ≥ ${WINDOW} lines`, duplicates.count, 20, duplicates.examples);
  row(`files over ${LONG_FILE} lines`, long.length, 8, long);
  row("writes into another module's table", writes.length, 0, writes);
  row('imports of the server from the sandbox', sandboxToServer.length, 0, sandboxToServer);
  row('imports of the sandbox from the server', serverToSandbox.length, 0, serverToSandbox);
  row('PDA imports running back up', pda.length, 0, pda);
  row('`as unknown as` casts', unknownCasts.length, 5, unknownCasts);
  console.log('\nthe server modules and what each imports (docs/architecture.md §2)');
  for (const line of moduleGraph()) console.log(`    ${line}`);
}

await main();
