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
import { DeploymentResolver, sameJson } from './request-deployment.ts';
import { labelDraft } from './verdict.ts';

const fn = (name: string, description: string) => ({ type: 'function', function: { name, description, parameters: { type: 'object', properties: {} } } });
const ask = [{ role: 'user' as const, content: 'Ping me tomorrow about the rent.' }];
const PROMISE = "Sure, I'll ping you tomorrow about the rent.";

test('an untagged tool provides nothing and is named; the map makes it a scheduler', () => {
  const tools = [fn('ping_me', 'Pings.'), fn('create_reminder', 'Creates a reminder that notifies the user at a given time.')];
  const inferred = new DeploymentResolver(undefined, {}).resolve(tools, ask);
  assert.equal(inferred.source, 'inferred');
  assert.deepEqual(inferred.tools_without_capabilities, ['ping_me']);
  assert.deepEqual(inferred.deployment.tools.find((t) => t.name === 'create_reminder')!.capabilities, ['run_later', 'notify_user_later']);

  const mapped = new DeploymentResolver(undefined, { ping_me: ['run_later', 'notify_user_later'] }).resolve([fn('ping_me', 'Pings.')], ask);
  assert.deepEqual(mapped.tools_without_capabilities, []);
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
  assert.deepEqual(where.tools_without_capabilities.sort(), ['create_reminder', 'old_tool']);
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

test('sameJson: equal parsed JSON whatever the key order; any other difference is a difference', () => {
  const tool = { type: 'function', function: { name: 'a', description: 'd', parameters: { type: 'object', properties: { x: { type: 'string' } } } } };
  assert.equal(sameJson([tool], JSON.parse(JSON.stringify([tool]))), true);
  assert.equal(sameJson({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }), true);
  assert.equal(sameJson(undefined, undefined), true);
  for (const other of [{ a: 1 }, { a: 1, b: [1, 2], c: null }, { a: 1, b: [1, 2, 3] }, { a: '1', b: [1, 2] }, { a: 1, b: { 0: 1, 1: 2 } }, [1, 2], null, undefined]) {
    assert.equal(sameJson({ a: 1, b: [1, 2] }, other), false, JSON.stringify(other));
  }
  assert.equal(sameJson([], {}), false);
  assert.equal(sameJson([null], [undefined]), false);
});

test('a request whose tools changed since the last one is resolved against its own tools', () => {
  const resolver = new DeploymentResolver(undefined, {});
  const reminder = fn('create_reminder', 'Creates a reminder that notifies the user at a given time.');
  const first = resolver.resolve([reminder], ask);
  assert.equal(resolver.resolve(JSON.parse(JSON.stringify([reminder])), ask).deployment, first.deployment, 'the same tools again: the same deployment, not a new one');
  const pinged = resolver.resolve([fn('ping_me', 'Pings.')], ask);
  assert.deepEqual(pinged.tools_without_capabilities, ['ping_me']);
  assert.equal(labelDraft(ask, PROMISE, pinged, 'a').outcome, 'empty');
  assert.equal(labelDraft(ask, PROMISE, resolver.resolve([reminder], ask), 'b').outcome, 'unanchored');
});
