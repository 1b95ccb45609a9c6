import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadFiles } from './load-files.ts';
import type { LineProblem } from './request-info.ts';

test('records from files: joined by id, bad lines named by file and line, good ones kept', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-load-'));
  const responses = path.join(dir, 'responses.jsonl');
  const labels = path.join(dir, 'labels.jsonl');
  fs.writeFileSync(
    responses,
    [
      JSON.stringify({ id: 'a', request: 'rem-001', setup: 'C2', persona: 'generic', category: 'reminder', messages: [] }),
      '{not json',
      JSON.stringify({ id: 'b', setup: 'C0', category: 'memory', messages: [], error: 'timeout' }),
      JSON.stringify({ messages: [] }),
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    labels,
    [
      JSON.stringify({ id: 'a', outcome: 'anchored', failure: false, commitments: [], booleans: {} }),
      JSON.stringify({ id: 'b', outcome: 'sort_of', commitments: [], booleans: {} }),
    ].join('\n'),
  );
  const problems: LineProblem[] = [];
  const loaded = loadFiles(responses, labels, new Map([['rem-001', { source: 'slurp' }]]), problems);
  assert.deepEqual(
    problems.map((p) => `${path.basename(p.file)}:${p.line}: ${p.message.split(':')[0]}`),
    ['labels.jsonl:2: field outcome', 'responses.jsonl:2: not a JSON object', 'responses.jsonl:4: field id'],
  );
  assert.deepEqual(loaded.map((r) => r.id), ['a', 'b']);
  const [a, b] = loaded;
  assert.equal(a!.label?.outcome, 'anchored');
  assert.equal(a!.source, 'slurp');
  assert.equal(a!.doability, 'yes', 'a reminder is doable with a scheduler (Table 8)');
  assert.equal(b!.error, 'timeout');
  assert.equal(b!.label, null);
  assert.equal(b!.request, 'b', 'without a request id, a record is its own cluster');
  assert.equal(b!.source, 'unknown');
});

test('a response id seen twice (cat a.jsonl a.jsonl) counts once, and each repeat is a problem naming the first line', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-load-'));
  const responses = path.join(dir, 'responses.jsonl');
  const labels = path.join(dir, 'labels.jsonl');
  const once = [
    JSON.stringify({ id: 'a', setup: 'C0', category: 'reminder', messages: [] }),
    JSON.stringify({ id: 'b', setup: 'C0', category: 'memory', messages: [] }),
  ];
  fs.writeFileSync(responses, [...once, ...once].join('\n'));
  const label = (id: string, outcome: string) => JSON.stringify({ id, outcome, failure: false, commitments: [], booleans: {} });
  fs.writeFileSync(labels, [label('a', 'anchored'), label('b', 'deferral'), label('a', 'empty')].join('\n'));
  const problems: LineProblem[] = [];
  const loaded = loadFiles(responses, labels, new Map(), problems);
  assert.deepEqual(loaded.map((r) => r.id), ['a', 'b']);
  assert.equal(loaded[0]!.label?.outcome, 'anchored', 'the first label of an id is the one used');
  assert.deepEqual(
    problems.map((p) => `${path.basename(p.file)}:${p.line}: ${p.message}`),
    [
      'labels.jsonl:3: id "a" repeats line 1; the first label is used',
      'responses.jsonl:3: id "a" repeats line 1; each id counts once',
      'responses.jsonl:4: id "b" repeats line 2; each id counts once',
    ],
  );
});
