/**
 * The deployment a request is judged against: inferred from its tools, a name → capabilities map
 * over the guesses, a deployment file, and tools nobody described named in the verdict.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { resolveGuardConfig, GuardConfigError } from './config.ts';
import { DeploymentResolver } from './request-deployment.ts';
import { labelDraft } from './verdict.ts';

const fn = (name: string, description: string) => ({ type: 'function', function: { name, description, parameters: { type: 'object', properties: {} } } });
const ask = [{ role: 'user' as const, content: 'Ping me tomorrow about the rent.' }];
const PROMISE = "Sure, I'll ping you tomorrow about the rent.";

test('an untagged tool provides nothing and is named; the map makes it a scheduler', () => {
  const tools = [fn('ping_me', 'Pings.'), fn('create_reminder', 'Creates a reminder that notifies the user at a given time.')];
  const inferred = new DeploymentResolver(undefined, {}).resolve(tools, ask);
  assert.equal(inferred.source, 'inferred');
  assert.deepEqual(inferred.unknown_tools, ['ping_me']);
  assert.deepEqual(inferred.deployment.tools.find((t) => t.name === 'create_reminder')!.capabilities, ['run_later', 'notify_user_later']);

  const mapped = new DeploymentResolver(undefined, { ping_me: ['run_later', 'notify_user_later'] }).resolve([fn('ping_me', 'Pings.')], ask);
  assert.deepEqual(mapped.unknown_tools, []);
  const unmapped = new DeploymentResolver(undefined, {}).resolve([fn('ping_me', 'Pings.')], ask);
  assert.equal(labelDraft(ask, PROMISE, unmapped, 'a').outcome, 'empty');
  assert.equal(labelDraft(ask, PROMISE, mapped, 'b').outcome, 'unanchored');
});

test('a deployment file wins over guesses; tools it lacks, offered or called earlier, provide nothing and are named', () => {
  const file = new DeploymentResolver({ id: 'mine', tools: [{ name: 'save_note', description: 'Saves a note.', parameters: { type: 'object', properties: {} }, capabilities: [] }], persistence: { scheduler: false, notify_user: false, memory: false, watcher: false } } as never, {});
  const messages = [...ask, { role: 'assistant' as const, content: null, tool_calls: [{ id: 'c1', type: 'function' as const, function: { name: 'old_tool', arguments: '{}' } }] }, { role: 'tool' as const, tool_call_id: 'c1', content: 'ok' }];
  const where = file.resolve([fn('create_reminder', 'Creates a reminder that notifies the user at a given time.')], messages);
  assert.equal(where.source, 'file');
  assert.equal(where.deployment.id, 'mine');
  assert.deepEqual(where.unknown_tools.sort(), ['create_reminder', 'old_tool']);
  assert.deepEqual(where.deployment.tools.find((t) => t.name === 'create_reminder')!.capabilities, []);
});

test('a bad tag in the map is refused at start', () => {
  assert.throws(() => new DeploymentResolver(undefined, { ping_me: ['teleport'] }), /teleport/);
});

test('settings: flags over the YAML file over defaults; a bad field names the file and the field', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-guard-config-'));
  const file = path.join(dir, 'guard.yaml');
  fs.writeFileSync(file, 'upstream: http://127.0.0.1:8000/v1/\non_fail: block\ntimeout_ms: 5000\ntool_capabilities:\n  ping_me: [run_later]\n');
  const config = await resolveGuardConfig({ config: file, timeoutMs: 900 });
  assert.equal(config.upstream, 'http://127.0.0.1:8000/v1');
  assert.equal(config.onFail, 'block');
  assert.equal(config.timeoutMs, 900);
  assert.equal(config.stream, 'buffer');
  assert.deepEqual(config.toolCapabilities, { ping_me: ['run_later'] });
  fs.writeFileSync(file, 'upstream: ftp://x\n');
  await assert.rejects(resolveGuardConfig({ config: file }), (error: unknown) => error instanceof GuardConfigError && error.source === file && error.field === 'upstream');
  fs.writeFileSync(file, 'upstream: http://x/v1\nport: -3\n');
  await assert.rejects(resolveGuardConfig({ config: file }), (error: unknown) => error instanceof GuardConfigError && error.source === file && error.field === 'port');
  fs.rmSync(dir, { recursive: true, force: true });
});
