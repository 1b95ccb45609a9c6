/**
 * The guard's settings file is read as felicity.yaml is: a mistyped key names its line and the key
 * it probably means; values in errors are shown whole.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { checkedUpstream, GuardConfigError, resolveGuardConfig } from './config.ts';

function settings(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-guard-settings-'));
  const file = path.join(dir, 'guard.yaml');
  fs.writeFileSync(file, text);
  return file;
}

test('a mistyped key: its line, the key, and a did-you-mean, in one line', async () => {
  const file = settings('upstream: http://127.0.0.1:18931/v1\nport: 0\non_fial: block\n');
  await assert.rejects(resolveGuardConfig({ config: file }), (error: unknown) => {
    assert.ok(error instanceof GuardConfigError);
    assert.equal(error.line, 3);
    assert.equal(error.field, 'on_fial');
    assert.equal(error.message, `${file}:3: on_fial: expected a known setting (upstream, port, host, deployment, tool_capabilities, on_fail, stream, on_error, on_unreadable, engine, judge_model, timeout_ms, max_body_bytes, audit_log); did you mean "on_fail"?, got "on_fial"`);
    return true;
  });
});

test('on_unreadable is a setting; a wrong value names its line', async () => {
  assert.equal((await resolveGuardConfig({ config: settings('upstream: http://x/v1\non_unreadable: block\n') })).onUnreadable, 'block');
  assert.equal((await resolveGuardConfig({ upstream: 'http://x/v1' })).onUnreadable, 'annotate');
  await assert.rejects(resolveGuardConfig({ config: settings('upstream: http://x/v1\non_unreadable: maybe\n') }), (error: unknown) => error instanceof GuardConfigError && error.line === 2 && error.got === '"maybe"');
});

test('an upstream that is not a URL is echoed whole', () => {
  assert.throws(() => checkedUpstream('localhost:8000'), (error: unknown) => error instanceof GuardConfigError && error.got === '"localhost:8000"');
  const long = `http//${'a'.repeat(90)}.example/v1`;
  assert.throws(() => checkedUpstream(long), (error: unknown) => error instanceof GuardConfigError && error.got === JSON.stringify(long));
});

test('an alias bomb is a bad file in one line', async () => {
  const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(',')}]`)].join('\n');
  await assert.rejects(resolveGuardConfig({ config: settings(`${bomb}\n`) }), (error: unknown) => error instanceof GuardConfigError && !error.message.includes('\n'));
});
