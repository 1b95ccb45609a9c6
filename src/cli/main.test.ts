import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Help } from '@commander-js/extra-typings';
import { readFileSync } from 'node:fs';
import { felicity } from '../../test/helpers/felicity-bin.ts';
import { modulesLoaded } from '../../test/helpers/modules-loaded.ts';
import { chatCommand } from './chat.ts';
import { checkCommand } from './check.ts';
import { deploymentCommand } from './deployment.ts';
import { exportCommand } from './export.ts';
import { judgeCommand } from './judge.ts';
import { reportCommand } from './report.ts';
import { requestsCommand } from './requests.ts';
import { runCommand } from './run.ts';
import { validateCommand } from './validate.ts';
import { viewCommand } from './view.ts';
import { statusCommand } from './status.ts';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const COMMANDS = [checkCommand, chatCommand, deploymentCommand, runCommand, exportCommand, judgeCommand, reportCommand, requestsCommand, validateCommand, viewCommand, statusCommand].map((make) => make());

describe('felicity dispatch: --version before any command is loaded', () => {
  test('--version and -V print the version and exit 0', async () => {
    for (const flag of ['--version', '-V']) {
      const r = await felicity([flag]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, `${VERSION}\n`);
      assert.equal(r.stderr, '');
    }
  });

  test('commander takes --version after a command name or an operand too, as it always did', async () => {
    for (const args of [['check', '--version'], ['nonsense', '--version'], ['--bogus', '--version'], ['-Vx']]) {
      const r = await felicity(args);
      assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stdout, `${VERSION}\n`, args.join(' '));
    }
  });

  test('--version after "--" is an operand: an unknown command, exit 2', async () => {
    const r = await felicity(['--', '--version']);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^error: unknown command '--version'$/m);
  });

  test('--version=1 is an unknown option (the flag takes no value), exit 2', async () => {
    const r = await felicity(['--version=1']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^error: unknown option '--version=1'$/m);
  });
});

describe('felicity --help and unknown commands still load every command', () => {
  test('--help lists every command with its usage and the start of its description', async () => {
    const r = await felicity(['--help']);
    assert.equal(r.code, 0, r.stderr);
    const help = new Help();
    for (const command of COMMANDS) {
      const term = help.subcommandTerm(command);
      const firstWords = command.description().split(' ').slice(0, 3).join(' ');
      assert.match(r.stdout, new RegExp(`^  ${escape(term)} +${escape(firstWords)}`, 'm'), command.name());
    }
  });

  test('an unknown command is an error naming it, exit 2, nothing on stdout', async () => {
    const r = await felicity(['nonsense']);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^error: unknown command 'nonsense'$/m);
  });
});

describe('felicity --help loads each command\'s definition, not what it does', () => {
  // What a command does lives in its *-action.ts and loads when the command runs: the checker,
  // the store (SQLite), model clients, zod and the report writer stay out of every help.
  const heavy = (urls: readonly string[]) =>
    urls.filter((url) => /\/dist\/cli\/[a-z-]+-action\.js$|\/dist\/check\/check\.js$|\/dist\/store\/|\/dist\/llm\/|\/dist\/report\/write-report\.js$|\/node_modules\/zod\//.test(url));

  test('--help, a bare felicity and an unknown command load every command module and none of the heavy ones', async () => {
    for (const args of [['--help'], [], ['nonsense']]) {
      const { urls } = await modulesLoaded(args);
      for (const command of COMMANDS) assert.ok(urls.some((url) => url.endsWith(`/dist/cli/${command.name()}.js`)), `${args.join(' ')}: ${command.name()}.ts loaded`);
      assert.deepEqual(heavy(urls), [], args.join(' '));
    }
  });

  test('<command> --help loads none of the heavy modules either', async () => {
    for (const command of COMMANDS) {
      const { code, urls } = await modulesLoaded([command.name(), '--help']);
      assert.equal(code, 0, command.name());
      assert.deepEqual(heavy(urls), [], command.name());
    }
  });

  test('running a command loads its action module (the hook sees it)', async () => {
    const { code, urls } = await modulesLoaded(['requests', 'stats', '-'], '');
    assert.equal(code, 0);
    assert.ok(urls.some((url) => url.endsWith('/dist/cli/requests-action.js')), 'requests-action.ts loaded');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('bin/felicity.js without a build', () => {
  test('says to build, in one line, exit 2, instead of a loader stack trace', async () => {
    const { mkdtempSync, mkdirSync, copyFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { spawnSync } = await import('node:child_process');
    const dir = mkdtempSync(join(tmpdir(), 'felicity-nobuild-'));
    try {
      mkdirSync(join(dir, 'bin'));
      copyFileSync(new URL('../../bin/felicity.js', import.meta.url), join(dir, 'bin', 'felicity.js'));
      const run = spawnSync(process.execPath, [join(dir, 'bin', 'felicity.js'), '--version'], { encoding: 'utf8' });
      assert.equal(run.status, 2);
      assert.equal(run.stderr, 'felicity: the build is missing (dist/cli/main.js): run `npm run build` (or `npm ci`) in the felicity folder\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
