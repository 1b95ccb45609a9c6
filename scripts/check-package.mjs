#!/usr/bin/env node
/**
 * `npm run check:package`: felicity as a user installs it. Packs the package, installs the
 * tarball into an empty folder elsewhere (without the optional packages, and with no tsx), then:
 * a plain .mjs file imports `felicity-ai` and `felicity-ai/guard` and labels turns; a .ts file
 * type-checks against the shipped .d.ts (strict, no skipLibCheck); the installed `felicity`
 * command labels a file, finds its bundled request set from another folder and keeps a benchmark
 * database in Node's own SQLite without a warning; a command that needs a missing optional package
 * says so in one line. A second, default install (optional packages included) must build nothing
 * native: no install script, no binding.gyp. Needs the npm registry (or npm's cache) for the
 * package's dependencies, so it runs in CI (.ci/run, on Node 24 and 22), not in `npm test`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const work = mkdtempSync(path.join(tmpdir(), 'felicity-package-'));
const app = path.join(work, 'app');
let failures = 0;

function step(name, fn) {
  try {
    fn();
    console.log(`ok   ${name}`);
  } catch (error) {
    failures++;
    console.log(`FAIL ${name}\n     ${String(error.message ?? error).split('\n').join('\n     ')}`);
  }
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: app, encoding: 'utf8', ...options });
  if (result.error) throw result.error;
  return result;
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/** Packages under `modules` that npm would build on install: an install script, or a binding.gyp (node-gyp). */
function nativeBuilds(modules) {
  const found = [];
  const visit = (dir) => {
    for (const entry of existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []) {
      if (!entry.isDirectory() || entry.name === '.bin') continue;
      const where = path.join(dir, entry.name);
      if (entry.name.startsWith('@')) {
        visit(where);
        continue;
      }
      const manifest = JSON.parse(readFileSync(path.join(where, 'package.json'), 'utf8'));
      const scripts = Object.keys(manifest.scripts ?? {}).filter((name) => ['preinstall', 'install', 'postinstall'].includes(name));
      if (scripts.length > 0 || manifest.gypfile || existsSync(path.join(where, 'binding.gyp'))) found.push(`${manifest.name} (${scripts.join(', ') || 'binding.gyp'})`);
      visit(path.join(where, 'node_modules'));
    }
  };
  visit(modules);
  return found;
}

try {
  const packed = JSON.parse(execFileSync(npm, ['pack', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  const tarball = path.join(work, packed[0].filename);
  console.log(`packed ${packed[0].filename}: ${packed[0].entryCount} files, ${(packed[0].size / 1e6).toFixed(2)} MB (unpacked ${(packed[0].unpackedSize / 1e6).toFixed(2)} MB)`);
  expect(!packed[0].files.some((f) => /\.test\.|^src\/|^test\//.test(f.path)), 'the tarball holds tests or sources');

  execFileSync('mkdir', ['-p', app]);
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const nodeTypes = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/@types/node/package.json'), 'utf8')).version;
  const install = run(npm, ['install', tarball, `@types/node@${nodeTypes}`, '--omit=optional', '--no-audit', '--no-fund', '--prefer-offline'], { stdio: ['ignore', 'pipe', 'pipe'] });
  expect(install.status === 0, `npm install failed:\n${install.stderr}`);

  step('no tsx (and no TypeScript compiler) in the consumer\'s node_modules', () => {
    expect(!existsSync(path.join(app, 'node_modules/tsx')), 'tsx is installed');
    expect(!existsSync(path.join(app, 'node_modules/typescript')), 'typescript is installed');
    expect(!existsSync(path.join(app, 'node_modules/pg')), '--omit=optional still installed pg');
  });

  step('a plain .mjs file imports felicity-ai and felicity-ai/guard and labels turns', () => {
    writeFileSync(
      path.join(app, 'consumer.mjs'),
      `import { check, checkConversation, checkMany } from 'felicity-ai';
import { guardTurn } from 'felicity-ai/guard';
const turn = { id: 't-1', setup: 'C0', category: 'reminder', messages: [
  { role: 'user', content: 'Remind me to pay rent tomorrow.' },
  { role: 'assistant', content: "Sure! I'll remind you tomorrow morning." }] };
const label = check(turn);
const many = await checkMany(Array.from({ length: 600 }, (_, i) => ({ ...turn, id: 't-' + i })), { jobs: 2 });
const conversation = checkConversation({ id: 'c-1', setup: 'C0', messages: turn.messages });
const guarded = await guardTurn({ deployment: 'C0', category: 'reminder', messages: turn.messages, policy: 'annotate' });
// Without the optional OpenAI SDK, a model spec cannot be used, and says why.
const noSdk = await guardTurn({ deployment: 'C0', category: 'reminder', messages: turn.messages, policy: 'rewrite', model: 'openai-compatible:http://127.0.0.1:9/v1#m' }).then((r) => r.error ?? 'no error', (e) => e.message);
console.log(JSON.stringify({ outcome: label.outcome, many: many.map((r) => r.label.outcome), conversation: conversation.map((l) => l.outcome), guard: guarded.before.outcome, noSdk }));
`,
    );
    const result = run(process.execPath, ['consumer.mjs']);
    expect(result.status === 0, `exit ${result.status}:\n${result.stderr}`);
    const out = JSON.parse(result.stdout);
    expect(out.outcome === 'empty', `check: ${out.outcome}`);
    expect(out.many.length === 600 && out.many.every((o) => o === 'empty'), 'checkMany');
    expect(out.conversation.join() === 'empty', `checkConversation: ${out.conversation}`);
    expect(out.guard === 'empty', `guardTurn: ${out.guard}`);
    expect(/needs the optional package openai/.test(out.noSdk), `guardTurn with a model spec and no openai: ${out.noSdk}`);
  });

  step('importing the checker, the guard and the integrations loads no OpenAI SDK, AI SDK, Agents SDK, SQLite, pg, Vega, resvg or Playwright', () => {
    const log = path.join(app, 'loaded.txt');
    writeFileSync(log, '');
    writeFileSync(path.join(app, 'hooks.mjs'), `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, context); }\n`);
    writeFileSync(path.join(app, 'register.mjs'), `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n`);
    // node:sqlite is loaded through process.getBuiltinModule, which no loader hook sees: Node's own list tells.
    const result = run(process.execPath, ['--import', './register.mjs', '--input-type=module', '-e', "await import('felicity-ai'); await import('felicity-ai/guard'); await import('felicity-ai/ai-sdk'); await import('felicity-ai/agents'); console.log(JSON.stringify(process.moduleLoadList.filter((m) => /sqlite/.test(m))));"]);
    expect(result.status === 0, result.stderr);
    expect(result.stdout.trim() === '[]', `Node loaded ${result.stdout.trim()}`);
    const urls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    expect(urls.some((url) => url.includes('/node_modules/felicity-ai/dist/check/check.js')), 'the hook saw the checker load');
    // The framework integrations import their frameworks' types only: neither ai nor @openai/agents loads.
    const heavy = urls.filter((url) => /\/node_modules\/(openai|pg|vega[^/]*|@resvg|playwright-core|ai|@openai\/agents[^/]*)\//.test(url));
    expect(heavy.length === 0, `loaded: ${heavy.join(', ')}`);
  });

  step('a .ts consumer type-checks against the shipped .d.ts (strict, no skipLibCheck)', () => {
    writeFileSync(
      path.join(app, 'consumer.ts'),
      `import { check, checkMany, type CheckOptions, type LabelRecord, type TurnRecord } from 'felicity-ai';
import { guardTurn, type GuardResult } from 'felicity-ai/guard';
const turn: TurnRecord = { id: 't', setup: 'C0', messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] };
const options: CheckOptions = { setup: 'C1' };
const label: LabelRecord = check(turn, options);
const outcome: string = label.outcome;
const results = await checkMany([turn], { jobs: 1 });
const guarded: Promise<GuardResult> = guardTurn({ deployment: 'C0', messages: turn.messages, policy: 'annotate' });
// @ts-expect-error: outcomes are a closed set
const wrong: LabelRecord['outcome'] = 'maybe';
export { outcome, results, guarded, wrong };
`,
    );
    writeFileSync(path.join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, types: ['node'] }, files: ['consumer.ts'] }));
    const tsc = run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
    expect(tsc.status === 0, `tsc:\n${tsc.stdout}${tsc.stderr}`);
  });

  step('the installed felicity command labels a file, from any folder', () => {
    const result = run(path.join(app, 'node_modules/.bin/felicity'), ['check', path.join(app, 'node_modules/felicity-ai/examples/turns.jsonl')], { cwd: work });
    expect(result.status === 0, `exit ${result.status}: ${result.stderr}`);
    expect(result.stdout.trim().split('\n').length === 18, 'labels');
  });

  step('the bundled request set is found relative to the package, not the working folder', () => {
    const result = run(path.join(app, 'node_modules/.bin/felicity'), ['requests', 'stats', '--json'], { cwd: work });
    expect(result.status === 0, `exit ${result.status}: ${result.stderr}`);
    expect(JSON.parse(result.stdout).hash, 'a hash');
  });

  step("the benchmark store is Node's own SQLite: a database opens with no package installed, and no experimental warning", () => {
    writeFileSync(path.join(work, 'x.db'), '');
    const result = run(path.join(app, 'node_modules/.bin/felicity'), ['export', 'nothing', '--db', path.join(work, 'x.db')], { cwd: work });
    expect(result.status === 2, `exit ${result.status}: ${result.stderr}`);
    expect(result.stderr === `felicity export: no run named "nothing" in ${path.join(work, 'x.db')} (it holds no runs)\n`, result.stderr);
  });

  step('a command that needs a missing optional package says what to install, in one line, exit 2', () => {
    const result = run(path.join(app, 'node_modules/.bin/felicity'), ['export', 'nothing', '--db', 'postgres://felicity@127.0.0.1:9/none'], { cwd: work });
    expect(result.status === 2, `exit ${result.status}: ${result.stderr}`);
    expect(result.stderr.trim().split('\n').length === 1 && /needs the optional package pg.*npm install pg/.test(result.stderr), result.stderr);
  });

  step('a default install of the tarball (optional packages too) builds nothing native', () => {
    const full = path.join(work, 'full');
    mkdirSync(full);
    writeFileSync(path.join(full, 'package.json'), JSON.stringify({ name: 'consumer-full', private: true, type: 'module' }));
    const started = performance.now();
    const install = run(npm, ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline'], { cwd: full, stdio: ['ignore', 'pipe', 'pipe'] });
    const seconds = (performance.now() - started) / 1000;
    expect(install.status === 0, `npm install failed:\n${install.stderr}`);
    const builds = nativeBuilds(path.join(full, 'node_modules'));
    expect(builds.length === 0, `would build on install: ${builds.join(', ')}`);
    console.log(`     ${/added \d+ packages?/.exec(install.stdout)?.[0] ?? install.stdout.trim()} in ${seconds.toFixed(1)} s (npm's cache warm), none built`);
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (failures > 0) {
  console.log(`${failures} check${failures === 1 ? '' : 's'} failed`);
  process.exitCode = 1;
}
