/**
 * Every code block in README.md and docs/*.md that can run is run, so a stale import (`'felicity'`
 * for `'felicity-ai'`), a renamed option or a changed output cannot stay in the docs.
 *
 * - `ts`, `js` and `mjs` blocks are programs: each is written to a folder inside the package, where
 *   `import … from 'felicity-ai'` resolves to the build (the package's own `exports`), and run
 *   (TypeScript through tsx, and type-checked with tsc, strict). A `// → TEXT` comment says what
 *   the program prints: its output must hold each such TEXT, in order.
 * - `sh` blocks run `npx felicity …` as `node bin/felicity.js …` (a `cat FILE |` may feed it), or
 *   `node examples/…`, in that folder, where `examples/` is the repository's; each must exit 0.
 * - A block that cannot run here (it needs an API key, a model server, a database, or runs the
 *   test suite) says so in its info string: `sh no-run`. The counts of blocks run and skipped are
 *   asserted, so a block cannot silently stop being run. Each `npx felicity …` in such a block must
 *   still name a command, and each of its `--options` must be in that command's `--help`.
 * - `json`, `jsonl` and `yaml` blocks are data: each must parse (a `json fragment` is exempt), a turn
 *   record among them must be one `check` labels, a deployment must load, a felicity.yaml must be
 *   read as run settings. Plain and `text` blocks are output, shown as they are. Any other info
 *   string fails the test, so a new kind of block is decided on, not ignored.
 * Needs `npm run build`.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BIN, REPO } from './helpers/felicity-bin.ts';
import YAML from 'yaml';
import { codeBlocks, docFiles, type CodeBlock } from './helpers/markdown-docs.ts';
import { check, parseTurn } from '../src/check/index.ts';
import { parseDeployment } from '../src/setups/index.ts';
import { readRunFile } from '../src/cli/run-config-file.ts';

const PROGRAMS = new Set(['ts', 'js', 'mjs']);
const SHELL = new Set(['sh', 'bash']);
const DATA = new Set(['json', 'jsonl', 'yaml', 'text', '']);

/** Blocks run and skipped, by kind. Change these with the docs: a block that stops running must be seen. */
const EXPECTED = { programs: { run: 9, skipped: 9 }, shell: { run: 9, skipped: 22 } };

const blocks = docFiles().flatMap(codeBlocks);
const where = (block: CodeBlock) => `${block.file}:${block.line}`;
const skipped = (block: CodeBlock) => block.flags.includes('no-run');
const programs = blocks.filter((b) => PROGRAMS.has(b.lang));
const shells = blocks.filter((b) => SHELL.has(b.lang));

let dir: string;
before(async () => {
  assert.ok(existsSync(join(REPO, 'dist', 'index.js')), 'dist/ is not built: npm run build');
  dir = await mkdtemp(join(REPO, '.docs-snippets-'));
  await symlink(join(REPO, 'examples'), join(dir, 'examples'), 'dir');
});
after(() => rm(dir, { recursive: true, force: true }));

test('every block is a program, a shell command or data, and none imports the unrelated `felicity` package', () => {
  for (const block of blocks) {
    assert.ok(PROGRAMS.has(block.lang) || SHELL.has(block.lang) || DATA.has(block.lang), `${where(block)}: a \`${block.lang}\` block: mark it as one of ${[...PROGRAMS, ...SHELL, ...DATA].filter(Boolean).join(', ')}`);
    assert.ok(!/\bfrom\s+['"]felicity['"/]|import\(\s*['"]felicity['"/]|require\(\s*['"]felicity['"/]/.test(block.code), `${where(block)}: imports 'felicity', an unrelated package: the package is 'felicity-ai'`);
    assert.ok(!/\bnpm (?:i|install) felicity(?:\s|$)/.test(block.code), `${where(block)}: installs the unrelated 'felicity' package`);
  }
});

test('the blocks run and skipped are the ones counted', () => {
  const count = (list: CodeBlock[]) => ({ run: list.filter((b) => !skipped(b)).length, skipped: list.filter(skipped).length });
  assert.deepEqual({ programs: count(programs), shell: count(shells) }, EXPECTED);
});

/** A shell block's commands, continuation lines joined and comments dropped. */
function commands(code: string): string[] {
  return code
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter(Boolean);
}

describe('shell blocks', () => {
  for (const block of shells.filter((b) => !skipped(b))) {
    test(`${where(block)}`, () => {
      for (const command of commands(block.code)) {
        assert.match(command, /^(?:npx felicity |cat \S+ \| npx felicity |node examples\/\S+\.mjs(?:\s|$))/, `${where(block)}: \`${command}\` is not a felicity command or a bundled example: make it one, or mark the block \`sh no-run\``);
      }
      const script = `set -e\nfelicity() { "$FELICITY_NODE" "$FELICITY_BIN" "$@"; }\nnode() { "$FELICITY_NODE" "$@"; }\n${block.code.replaceAll('npx felicity', 'felicity')}\n`;
      const result = spawnSync('sh', ['-c', script], { cwd: dir, encoding: 'utf8', env: { ...process.env, FELICITY_NODE: process.execPath, FELICITY_BIN: BIN }, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
      assert.equal(result.status, 0, `${where(block)} exited ${result.status}:\n${result.stderr.slice(-2000)}`);
    });
  }
});

describe('felicity commands in blocks that are not run', () => {
  const helps = new Map<string, string>();
  const helpOf = (words: string[]): string => {
    const key = words.join(' ');
    let help = helps.get(key);
    if (help === undefined) {
      const result = spawnSync(process.execPath, [BIN, ...words, '--help'], { cwd: REPO, encoding: 'utf8' });
      help = result.status === 0 ? result.stdout : '';
      helps.set(key, help);
    }
    return help;
  };
  for (const block of shells.filter(skipped)) {
    const used = commands(block.code).filter((command) => command.startsWith('npx felicity '));
    if (used.length === 0) continue;
    test(`${where(block)}: each command exists and takes the options it is given`, () => {
      for (const command of used) {
        const words = command.slice('npx felicity '.length).split(/\s+/);
        const firstOption = words.findIndex((word) => word.startsWith('-'));
        const path = firstOption === -1 ? words.filter((word) => !/[|>]/.test(word)).slice(0, 2) : words.slice(0, firstOption);
        const help = helpOf(path);
        assert.match(help, /^Usage: felicity \S+/, `${where(block)}: \`felicity ${path.join(' ')} --help\` printed no usage: no such command?`);
        for (const option of command.match(/(?<=\s)--[a-z][a-z0-9-]*/g) ?? []) {
          assert.ok(new RegExp(`(?:^|[\\s,])${option}(?![a-z0-9-])`, 'm').test(help), `${where(block)}: \`${command}\`: ${option} is not an option of \`${help.split('\n')[0]}\``);
        }
      }
    });
  }
});

describe('data blocks', () => {
  const data = blocks.filter((b) => DATA.has(b.lang) && b.lang !== '' && b.lang !== 'text');
  test('there are data blocks to read (a parser that found none would pass everything)', () => {
    assert.ok(data.length >= 8, `only ${data.length} json/yaml blocks found`);
  });
  for (const block of data) {
    test(`${where(block)}: ${block.lang}${block.flags.includes('fragment') ? ' fragment' : ''} is well-formed`, async () => {
      if (block.flags.includes('fragment')) return;
      if (block.lang === 'yaml') {
        const value = YAML.parse(block.code) as Record<string, unknown>;
        // A deployment file as the docs show it loads as one; a felicity.yaml is read as run settings.
        if (Array.isArray(value?.tools)) parseDeployment(value, { file: where(block) });
        if (value !== null && typeof value === 'object' && 'models' in value) {
          const file = join(dir, 'felicity.yaml');
          await writeFile(file, block.code);
          readRunFile(file);
        }
        return;
      }
      let values: unknown[];
      try {
        values = [JSON.parse(block.code)];
      } catch {
        values = block.code.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as unknown);
      }
      // A turn record as the docs show it is one `check` labels.
      for (const value of values) if (value !== null && typeof value === 'object' && 'messages' in value) check(parseTurn(value), { setup: 'C0' });
    });
  }
});

/** What a program says it prints: each `// → TEXT`. */
function promised(code: string): string[] {
  return [...code.matchAll(/\/\/ → (.*)$/gm)].map((m) => m[1]!.trim());
}

const fileOf = (block: CodeBlock, i: number) => `snippet-${i}.${block.lang === 'ts' ? 'ts' : 'mjs'}`;

describe('program blocks', () => {
  const runnable = programs.filter((b) => !skipped(b));
  runnable.forEach((block, i) => {
    test(`${where(block)}`, async () => {
      const file = join(dir, fileOf(block, i));
      await writeFile(file, block.code);
      const args = block.lang === 'ts' ? ['--import', 'tsx', file] : [file];
      const result = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      assert.equal(result.status, 0, `${where(block)} exited ${result.status}:\n${result.stderr.slice(-2000)}`);
      let from = 0;
      for (const text of promised(block.code)) {
        const at = result.stdout.indexOf(text, from);
        assert.ok(at !== -1, `${where(block)}: the comment says it prints "${text}"; it printed:\n${result.stdout}`);
        from = at + text.length;
      }
    });
  });

  test('the TypeScript blocks type-check (strict) against the shipped .d.ts', async () => {
    const files: string[] = [];
    for (const [i, block] of runnable.entries()) {
      if (block.lang !== 'ts') continue;
      // Each block is a module of its own, in a file of its own.
      const file = join(dir, `typed-${i}.ts`);
      await writeFile(file, `${block.code}\nexport {};\n`);
      files.push(file);
    }
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noUncheckedIndexedAccess: true, skipLibCheck: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, types: ['node'] }, files }));
    const tsc = spawnSync(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
    assert.equal(tsc.status, 0, `tsc:\n${tsc.stdout}${tsc.stderr}`);
  });
});
