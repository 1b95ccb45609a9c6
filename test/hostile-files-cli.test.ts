/**
 * Settings and deployment files an attacker or a broken editor wrote: a YAML alias bomb (billion
 * laughs) and bytes that are not UTF-8. Every command that reads such a file answers one line
 * naming the file, and exit 2, never a stack or a file read with U+FFFD in place of its bytes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { felicity } from './helpers/felicity-bin.ts';

const BOMB = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(',')}]`), 'tools: *i', ''].join('\n');

function dirWith(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-hostile-files-'));
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
  return dir;
}

const TURN = `${JSON.stringify({ id: 't', messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] })}\n`;
/** A deployment that is fine but for one Latin-1 byte (é) in a tool's description, on line 4. */
const LATIN1 = Buffer.concat([Buffer.from('id: shop\ntools:\n  - name: create_reminder\n    description: "Cr'), Buffer.from([0xe9]), Buffer.from('e un rappel."\n')]);

/** The command's result; a guard that starts listening accepted the file, and is stopped (SIGTERM) so the test can say so. */
async function ran(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  const run = felicity(args);
  run.child.stderr!.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('listening on')) run.child.kill('SIGTERM');
  });
  return run;
}

function assertOneLine(r: { code: number | null; stderr: string }, pattern: RegExp): void {
  assert.equal(r.code, 2, r.stderr);
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'a stack trace');
  assert.doesNotMatch(r.stderr, /ReferenceError|TypeError/);
  assert.match(r.stderr, pattern);
}

for (const [name, args] of [
  ['check --setup', (dir: string) => ['check', path.join(dir, 'turns.jsonl'), '--setup', path.join(dir, 'd.yaml')]],
  ['guard --deployment', (dir: string) => ['guard', '--upstream', 'http://127.0.0.1:9/v1', '--port', '0', '--deployment', path.join(dir, 'd.yaml')]],
  ['run --config', (dir: string) => ['run', '--config', path.join(dir, 'd.yaml')]],
] as const) {
  test(`${name}: a YAML alias bomb is one line and exit 2`, async () => {
    const dir = dirWith({ 'd.yaml': BOMB, 'turns.jsonl': TURN });
    assertOneLine(await ran(args(dir)), /d\.yaml.*(alias|YAML)/i);
  });
}

for (const [name, args] of [
  ['check --setup', (dir: string) => ['check', path.join(dir, 'turns.jsonl'), '--setup', path.join(dir, 'd.yaml')]],
  ['guard --deployment', (dir: string) => ['guard', '--upstream', 'http://127.0.0.1:9/v1', '--port', '0', '--deployment', path.join(dir, 'd.yaml')]],
  ['guard --config', (dir: string) => ['guard', '--config', path.join(dir, 'd.yaml')]],
  ['run --config', (dir: string) => ['run', '--config', path.join(dir, 'd.yaml')]],
] as const) {
  test(`${name}: bytes that are not UTF-8 are one line naming the file and the position, exit 2`, async () => {
    const dir = dirWith({ 'd.yaml': LATIN1, 'turns.jsonl': TURN });
    assertOneLine(await ran(args(dir)), /d\.yaml.*not valid UTF-8 at line 4, column 21/);
  });
}
