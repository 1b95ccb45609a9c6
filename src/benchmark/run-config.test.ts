import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RunConfigChangedError, comparedConfig, defaultRunName, diffConfig, modelIdentity, type RunConfig } from './run-config.ts';

const config: RunConfig = {
  grid: { models: ['openai-compatible:http://127.0.0.1:8000/v1#Qwen/Qwen3-8B'], setups: ['C0', 'C2'], variants: ['inferred'], personas: ['generic'], fixes: ['none'], samples: 1 },
  requests: { hash: 'abc123', count: 10, limit: 10 },
  sampling: { temperature: 0.7, max_tokens: null, seed: null, thinking: true },
};

test('diffConfig lists each changed field with old and new values', () => {
  const next: RunConfig = {
    ...config,
    grid: { ...config.grid, setups: ['C0', 'C2', 'C4'] },
    sampling: { ...config.sampling, temperature: 0 },
  };
  assert.deepEqual(diffConfig(config, next), [
    { field: 'grid.setups', old: ['C0', 'C2'], new: ['C0', 'C2', 'C4'] },
    { field: 'sampling.temperature', old: 0.7, new: 0 },
  ]);
  assert.deepEqual(diffConfig(config, structuredClone(config)), []);
});

test('the refusal reads as field: old → new', () => {
  const err = new RunConfigChangedError('r', diffConfig(config, { ...config, sampling: { ...config.sampling, seed: 7 } }));
  assert.match(err.message, /run "r" was started with a different configuration/);
  assert.match(err.message, /sampling\.seed: null → 7/);
});

test('default run names carry the model and change with the configuration', () => {
  const name = defaultRunName(config);
  assert.match(name, /^Qwen3-8B-[0-9a-f]{8}$/);
  assert.equal(defaultRunName(structuredClone(config)), name);
  assert.notEqual(defaultRunName({ ...config, requests: { ...config.requests, limit: 5 } }), name);
  assert.match(defaultRunName({ ...config, grid: { ...config.grid, models: ['a:1', 'b:2', 'c:3'] } }), /^3models-/);
});

test('a model is identified without the URL it is served at; other specs are their own identity', () => {
  assert.equal(modelIdentity('openai-compatible:http://127.0.0.1:8000/v1#Qwen/Qwen3-8B'), 'openai-compatible:Qwen/Qwen3-8B');
  assert.equal(modelIdentity('openai-compatible:http://10.0.0.5:9000/v1#Qwen/Qwen3-8B'), 'openai-compatible:Qwen/Qwen3-8B');
  assert.equal(modelIdentity('ollama:llama3.1:8b'), 'ollama:llama3.1:8b');
  assert.equal(modelIdentity('openai:gpt-4.1-mini'), 'openai:gpt-4.1-mini');
});

test('endpoints are recorded but neither compared on resume nor part of the default name', () => {
  const at = (url: string): RunConfig => ({ ...config, endpoints: { 'openai-compatible:Qwen/Qwen3-8B': `openai-compatible:${url}#Qwen/Qwen3-8B` } });
  const a = at('http://127.0.0.1:8000/v1');
  const b = at('http://127.0.0.1:9999/v1');
  assert.deepEqual(diffConfig(comparedConfig(a), comparedConfig(b)), []);
  assert.deepEqual(diffConfig(comparedConfig(config), comparedConfig(b)), [], 'a run stored before endpoints were recorded resumes too');
  assert.equal(defaultRunName(a), defaultRunName(b));
  assert.equal(defaultRunName(a), defaultRunName(config));
});

test('onlyExtends: more requests or samples extend a run; anything else, or fewer, does not', async () => {
  const { onlyExtends } = await import('./run-config.ts');
  const grown: RunConfig = { ...config, requests: { hash: 'def456', count: 20, limit: 20 }, grid: { ...config.grid, samples: 2 } };
  assert.equal(onlyExtends(diffConfig(config, grown), config, grown), true);
  const sampled: RunConfig = { ...config, requests: { hash: 'def456', count: 12, limit: null, sample: { size: 12, seed: 0 } } };
  assert.equal(onlyExtends(diffConfig(config, sampled), config, sampled), true);
  const fewer: RunConfig = { ...config, requests: { hash: 'def456', count: 5, limit: 5 } };
  assert.equal(onlyExtends(diffConfig(config, fewer), config, fewer), false);
  const fewerSamples: RunConfig = { ...grown, grid: { ...grown.grid, samples: 1 } };
  assert.equal(onlyExtends(diffConfig(grown, fewerSamples), grown, fewerSamples), false);
  const hotter: RunConfig = { ...grown, sampling: { ...config.sampling, temperature: 1 } };
  assert.equal(onlyExtends(diffConfig(config, hotter), config, hotter), false, 'a sampling change rides along: refused');
  assert.equal(onlyExtends([], config, config), false, 'no change is a plain resume');
});
