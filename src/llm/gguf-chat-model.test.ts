import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createChatModel } from './create-chat-model.ts';
import { toLlamaHistory } from './gguf-history.ts';
import { ModelSetupError } from './model-setup-error.ts';

// No GGUF model and no node-llama-cpp on this machine: the gguf path is tested at its boundary.

test('a missing GGUF file is named in a clear error', async () => {
  await assert.rejects(createChatModel('gguf:/nonexistent/dir/model.gguf'), (error: unknown) => {
    assert.ok(error instanceof ModelSetupError);
    assert.equal(error.reason, 'missing_file');
    assert.equal(error.message, 'GGUF model file not found: /nonexistent/dir/model.gguf');
    return true;
  });
});

test('without node-llama-cpp the error says how to install it', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'felicity-gguf-'));
  const file = join(dir, 'tiny.gguf');
  await writeFile(file, 'GGUF');
  try {
    const missing = Object.assign(new Error("Cannot find package 'node-llama-cpp'"), { code: 'ERR_MODULE_NOT_FOUND' });
    for (const importModule of [undefined, async () => Promise.reject(missing)]) {
      await assert.rejects(createChatModel(`gguf:${file}`, importModule ? { importModule } : {}), (error: unknown) => {
        assert.ok(error instanceof ModelSetupError, String(error));
        assert.equal(error.reason, 'missing_dependency');
        assert.match(error.message, /npm i node-llama-cpp@3\.21\.1/);
        return true;
      });
    }
  } finally {
    await rm(dir, { recursive: true });
  }
});

test('a model that fails to load is reported as load_failed', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'felicity-gguf-'));
  const file = join(dir, 'bad.gguf');
  await writeFile(file, 'not a model');
  try {
    const fake = {
      getLlama: async () => ({ loadModel: async () => Promise.reject(new Error('invalid GGUF magic')) }),
      LlamaChat: class {},
    };
    await assert.rejects(createChatModel(`gguf:${file}`, { importModule: async () => fake }), /could not load .*invalid GGUF magic/);
  } finally {
    await rm(dir, { recursive: true });
  }
});

test('a stand-in node-llama-cpp sees the folded history and functions; its calls come back as tool calls', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'felicity-gguf-'));
  const file = join(dir, 'ok.gguf');
  await writeFile(file, 'GGUF');
  const seen: Array<{ history: unknown; options: Record<string, unknown> }> = [];
  const fake = {
    getLlama: async () => ({
      loadModel: async () => ({
        createContext: async () => ({ getSequence: () => ({}), dispose: async () => {} }),
        dispose: async () => {},
      }),
    }),
    LlamaChat: class {
      async generateResponse(history: unknown, options: Record<string, unknown>) {
        seen.push({ history, options });
        (options['onToken'] as (t: unknown[]) => void)([1, 2, 3]);
        return { response: '', functionCalls: [{ functionName: 'create_reminder', params: { message: 'rent' } }], metadata: { stopReason: 'functionCalls' } };
      }
    },
  };
  try {
    const model = await createChatModel(`gguf:${file}`, { importModule: async () => fake });
    const tools = [{ type: 'function' as const, function: { name: 'create_reminder', description: 'd', parameters: { type: 'object' } } }];
    const result = await model.complete({ messages: [{ role: 'user', content: 'hi' }], tools, params: { temperature: 0.7, max_tokens: 50, thinking: false } });
    assert.equal(result.ok, true);
    if (result.ok) {
      assert.deepEqual(result.message, {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'create_reminder', arguments: '{"message":"rent"}' } }],
      });
      assert.equal(result.finish_reason, 'tool_calls');
      assert.equal(result.usage.completion_tokens, 3);
      assert.deepEqual(result.request_params, { model: `gguf:${file}`, temperature: 0.7, maxTokens: 50, budgets: { thoughtTokens: 0 } });
    }
    assert.deepEqual(Object.keys(seen[0]!.options['functions'] as object), ['create_reminder']);
    await model.close();
  } finally {
    await rm(dir, { recursive: true });
  }
});

test('tool calls and their results fold into one model item of node-llama-cpp history', () => {
  const history = toLlamaHistory([
    { role: 'system', content: 'sys' },
    { role: 'user', content: 'remind me' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'create_reminder', arguments: '{"m":1}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: '{"status":"created"}' },
    { role: 'assistant', content: 'Done.' },
  ]);
  assert.deepEqual(history, [
    { type: 'system', text: 'sys' },
    { type: 'user', text: 'remind me' },
    { type: 'model', response: [{ type: 'functionCall', name: 'create_reminder', params: { m: 1 }, result: { status: 'created' } }, 'Done.'] },
  ]);
});
