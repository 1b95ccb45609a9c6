import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RunConfigChangedError, defaultRunName, diffConfig, type RunConfig } from './run-config.ts';

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
