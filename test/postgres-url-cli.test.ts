/**
 * A PostgreSQL `--db` URL felicity cannot use: malformed (a port that is not a number), or asking
 * for SSL (`sslmode=require`) from a server without it. One line naming the URL without its
 * password, exit 2, no stack trace and no library warning, as for a server that is not there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { postgresSkip, POSTGRES_URL_VARIABLE } from '../src/store/testing/postgres.ts';
import { runCli } from './helpers/cli.ts';

function assertOneLine(r: { code: number | null; stderr: string }, pattern: RegExp): void {
  assert.equal(r.code, 2, r.stderr);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.doesNotMatch(r.stderr, /\n\s+at |TypeError|Warning/);
  assert.doesNotMatch(r.stderr, /hunter2|felicity-test-secret/, 'the password');
  assert.match(r.stderr, pattern);
}

test('a malformed PostgreSQL URL is one line, exit 2, for every command that opens the database', async () => {
  const url = 'postgres://u:hunter2@127.0.0.1:notaport/felicity';
  for (const args of [['export', 'x', '--db', url], ['report', 'x', '--db', url, '--out', '/tmp/felicity-never'], ['status', 'x', '--db', url]]) {
    assertOneLine(await runCli(args), /database postgres:\/\/\*\*\*: .*not a valid PostgreSQL URL/);
  }
});

test('sslmode=require against a server without SSL is one line, exit 2', async (t) => {
  const skip = await postgresSkip();
  if (skip) return t.skip(skip);
  const url = new URL(process.env[POSTGRES_URL_VARIABLE]!);
  url.searchParams.set('sslmode', 'require');
  assertOneLine(await runCli(['export', 'x', '--db', url.toString()]), /cannot use the PostgreSQL database: the server does not support SSL connections/i);
});
