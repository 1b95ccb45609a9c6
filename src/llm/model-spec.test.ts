import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ModelSetupError } from './model-setup-error.ts';
import { ModelSpecError, parseModelSpec } from './model-spec.ts';
import { resolveEndpoint } from './openai-chat-model.ts';

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

test('a query string in a base URL (where gateways take ?api_key=…) is refused like user:pass@, and its values never echoed', () => {
  for (const spec of [
    'openai-compatible:https://gw.example/v1?api_key=sk-live-SECRET#m',
    'openai-compatible:https://gw.example/v1?token=SECRET&x=1#Qwen/Qwen3-8B',
    'openai-compatible:https://gw.example/v1/?key=SECRET#m',
  ]) {
    assert.throws(
      () => parseModelSpec(spec),
      (error: unknown) => {
        assert.ok(error instanceof ModelSpecError, String(error));
        assert.doesNotMatch(error.message, /SECRET/);
        assert.doesNotMatch(error.spec, /SECRET/);
        assert.match(error.message, /a query string in the base URL is not accepted \(use OPENAI_COMPATIBLE_API_KEY for a key\)/);
        return true;
      },
    );
  }
  // Any other bad spec holding a query hides its values too.
  assert.throws(() => parseModelSpec('openai-compatible:https://gw.example/v1?api_key=SECRET'), (error: unknown) => error instanceof ModelSpecError && !error.message.includes('SECRET'));
});

test('credentials in a base URL are refused and never echoed', () => {
  assert.throws(
    () => parseModelSpec('openai-compatible:https://bob:hunter2@gw.example/v1#m'),
    (error: unknown) => error instanceof ModelSpecError && !error.message.includes('hunter2') && /credentials/.test(error.message),
  );
});

test('OPENAI_BASE_URL and OLLAMA_BASE_URL with credentials or a query string are refused the same way, never echoed', () => {
  const cases: [Parameters<typeof resolveEndpoint>[0], string, Record<string, string>][] = [
    [{ provider: 'openai', model: 'm' }, 'openai:m', { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'https://gw.example/v1?api_key=SECRET' }],
    [{ provider: 'openai', model: 'm' }, 'openai:m', { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'https://bob:SECRET@gw.example/v1' }],
    [{ provider: 'ollama', model: 'llama3.1:8b' }, 'ollama:llama3.1:8b', { OLLAMA_BASE_URL: 'http://box:11434/?token=SECRET' }],
  ];
  for (const [spec, text, env] of cases) {
    assert.throws(
      () => resolveEndpoint(spec, text, env),
      (error: unknown) => error instanceof ModelSetupError && !error.message.includes('SECRET') && /credentials or a query string/.test(error.message),
    );
  }
});
