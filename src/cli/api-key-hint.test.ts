import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiKeyHint } from './api-key-hint.ts';

test('each provider is told the variable it reads', () => {
  assert.match(apiKeyHint('openai:gpt-4.1-mini'), /OPENAI_API_KEY/);
  assert.match(apiKeyHint('openai-compatible:http://localhost:8000/v1#m'), /OPENAI_COMPATIBLE_API_KEY/);
  assert.match(apiKeyHint('ollama:qwen3:8b'), /OLLAMA_BASE_URL/);
  assert.equal(apiKeyHint('not a spec'), '');
});
