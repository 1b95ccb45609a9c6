import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ModelSpecError, parseModelSpec } from './model-spec.ts';

test('the four spec forms parse, keeping colons in model names', () => {
  assert.deepEqual(parseModelSpec('openai:gpt-4.1-mini'), { provider: 'openai', model: 'gpt-4.1-mini' });
  assert.deepEqual(parseModelSpec('ollama:llama3.1:8b'), { provider: 'ollama', model: 'llama3.1:8b' });
  assert.deepEqual(parseModelSpec('gguf:./models/x.gguf'), { provider: 'gguf', path: './models/x.gguf' });
  assert.deepEqual(parseModelSpec('openai-compatible:http://localhost:8000/v1#Qwen/Qwen3-8B'), {
    provider: 'openai-compatible',
    baseURL: 'http://localhost:8000/v1',
    model: 'Qwen/Qwen3-8B',
  });
  assert.deepEqual(parseModelSpec('openai-compatible:https://gw.example/v1/#org/m:latest'), {
    provider: 'openai-compatible',
    baseURL: 'https://gw.example/v1',
    model: 'org/m:latest',
  });
});

test('bad specs throw a typed error naming the spec and the expected forms', () => {
  const cases: Array<[string, RegExp]> = [
    ['gpt-4', /no provider prefix/],
    ['anthropic:claude', /unknown provider "anthropic"/],
    ['openai:', /nothing after "openai:"/],
    ['openai-compatible:http://localhost:8000/v1', /missing "#MODEL"/],
    ['openai-compatible:http://localhost:8000/v1#', /empty model name/],
    ['openai-compatible:localhost:8000#m', /must be http/],
    ['openai-compatible:not a url#m', /is not a URL/],
  ];
  for (const [spec, reason] of cases) {
    assert.throws(
      () => parseModelSpec(spec),
      (error: unknown) => {
        assert.ok(error instanceof ModelSpecError);
        assert.match(error.message, reason);
        assert.ok(error.message.includes(`"${spec}"`), error.message);
        assert.match(error.message, /openai:MODEL, openai-compatible:BASE_URL#MODEL, ollama:MODEL, gguf:PATH/);
        return true;
      },
    );
  }
});

test('credentials in a base URL are refused and never echoed', () => {
  assert.throws(
    () => parseModelSpec('openai-compatible:https://bob:hunter2@gw.example/v1#m'),
    (error: unknown) => error instanceof ModelSpecError && !error.message.includes('hunter2') && /credentials/.test(error.message),
  );
});
