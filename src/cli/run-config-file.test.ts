import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mergeRunFile, readRunFile, runFileToRead, RunConfigFileError } from './run-config-file.ts';
import type { RunFlags } from './run-action.ts';

function write(text: string, name = 'felicity.yaml'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-config-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const FLAGS: RunFlags = {
  model: [],
  setups: 'C0,C1,C2,C3,C4',
  variants: 'inferred,stated',
  personas: 'generic,support',
  fixes: 'none',
  samples: 1,
  requests: 'bundled.jsonl',
  concurrency: 16,
  db: './felicity.db',
  temperature: 0.7,
  thinking: true,
  timeout: 120,
};

test('a settings file is read; lists may be YAML lists or comma strings', () => {
  const file = write('models: [openai:gpt-4.1-mini, ollama:qwen3:8b]\nsetups: C0,C2\nvariants: [inferred]\nsample: {size: 40, seed: 2}\njudge: {engine: llm, model: openai:gpt-4.1}\n');
  const settings = readRunFile(file);
  assert.deepEqual(settings.models, ['openai:gpt-4.1-mini', 'ollama:qwen3:8b']);
  const merged = mergeRunFile(FLAGS, new Set(), settings, file);
  assert.deepEqual(merged.model, ['openai:gpt-4.1-mini', 'ollama:qwen3:8b']);
  assert.equal(merged.setups, 'C0,C2');
  assert.equal(merged.variants, 'inferred');
  assert.equal(merged.sample, 40);
  assert.equal(merged.seed, 2);
  assert.equal(merged.judge, 'llm');
  assert.equal(merged.judgeModel, 'openai:gpt-4.1');
  assert.equal(merged.personas, FLAGS.personas, 'absent keys keep the flag defaults');
});

test('flags given on the command line override the file; paths are relative to the file', () => {
  const file = write('models: openai:gpt-4.1-mini\nsetups: [C0, agents/mine.yaml]\nrequests: req.jsonl\ndb: out/r.db\ntemperature: 0\n');
  const merged = mergeRunFile({ ...FLAGS, temperature: 1, model: ['ollama:x'] }, new Set(['temperature', 'model']), readRunFile(file), file);
  assert.equal(merged.temperature, 1);
  assert.deepEqual(merged.model, ['ollama:x']);
  const dir = path.dirname(file);
  assert.equal(merged.setups, `C0,${path.join(dir, 'agents/mine.yaml')}`);
  assert.equal(merged.requests, path.join(dir, 'req.jsonl'));
  assert.equal(merged.db, path.join(dir, 'out/r.db'));
  const team = write('db: postgres://felicity@db.example/bench\n');
  assert.equal(mergeRunFile(FLAGS, new Set(), readRunFile(team), team).db, 'postgres://felicity@db.example/bench', 'a database URL is not a path');
});

test('unknown keys are refused with a did-you-mean and their line, all in one error', () => {
  const file = write('modles: [openai:gpt-4.1-mini]\nsetups: [C0]\nvariant: inferred\njudge: {engine: rules, modle: x}\nsamples: 0\n');
  assert.throws(
    () => readRunFile(file),
    (error: unknown) => {
      assert.ok(error instanceof RunConfigFileError);
      const text = error.message;
      assert.match(text, /line 1: unknown key "modles" \(did you mean "models"\?\)/);
      assert.match(text, /line 3: unknown key "variant" \(did you mean "variants"\?\)/);
      assert.match(text, /samples: /);
      assert.equal(text.includes('\n'), false, 'one line');
      return true;
    },
  );
});

test('broken YAML and a missing file name the file', () => {
  assert.throws(() => readRunFile(write('models: [a\n')), /felicity\.yaml: .*not valid YAML/);
  assert.throws(() => readRunFile('/nonexistent/felicity.yaml'), /\/nonexistent\/felicity\.yaml: cannot read: no such file/);
});

test('felicity.yaml in the working folder is read only when present; --config wins', () => {
  const file = write('models: a:b\n');
  assert.equal(runFileToRead(undefined, path.dirname(file)), file);
  assert.equal(runFileToRead(undefined, os.tmpdir() + '/felicity-nowhere'), undefined);
  assert.equal(runFileToRead('other.yaml', path.dirname(file)), 'other.yaml');
});
