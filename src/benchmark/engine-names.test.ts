import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineFamily, resolveEngineName } from './engine-names.ts';

const LLM = 'llm(openai-compatible:judge)@1a2b3c4d';
const HYBRID = 'hybrid(rules@2+llm(ollama:qwen3:8b)@1a2b3c4d)';

test('engineFamily reads the short name of every stored id shape', () => {
  assert.equal(engineFamily('rules@2'), 'rules');
  assert.equal(engineFamily('rules@2+rules@3'), 'rules');
  assert.equal(engineFamily(LLM), 'llm');
  assert.equal(engineFamily(HYBRID), 'hybrid');
  assert.equal(engineFamily('custom'), 'custom');
});

test('a short name resolves to the one id of its family, an exact id to itself', () => {
  const stored = ['rules@2', LLM, HYBRID];
  assert.deepEqual(resolveEngineName('llm', stored), { kind: 'found', id: LLM });
  assert.deepEqual(resolveEngineName('hybrid', stored), { kind: 'found', id: HYBRID });
  assert.deepEqual(resolveEngineName('rules', stored), { kind: 'found', id: 'rules@2' });
  assert.deepEqual(resolveEngineName(LLM, stored), { kind: 'found', id: LLM });
});

test('two ids of one family are ambiguous, listed; an absent family is missing', () => {
  const other = 'llm(openai:gpt-4.1-mini)@1a2b3c4d';
  assert.deepEqual(resolveEngineName('llm', [LLM, other, 'rules@2']), { kind: 'ambiguous', candidates: [LLM, other].sort() });
  assert.deepEqual(resolveEngineName('hybrid', ['rules@2', LLM]), { kind: 'missing' });
  // A family name is not a prefix match: "rule" names nothing.
  assert.deepEqual(resolveEngineName('rule', ['rules@2']), { kind: 'missing' });
});
