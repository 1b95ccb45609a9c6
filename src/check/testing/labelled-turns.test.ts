import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { readLabelledTurns } from './labelled-turns.ts';

describe('readLabelledTurns: a fixture loop never runs over nothing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'labelled-turns-'));

  test('a missing fixture file is an error naming it, not zero tests', () => {
    assert.throws(() => readLabelledTurns(join(dir, 'cases-z.jsonl')), /cases-z\.jsonl: labelled turns file is missing/);
  });

  test('an empty fixture file is an error too', () => {
    writeFileSync(join(dir, 'empty.jsonl'), '\n\n');
    assert.throws(() => readLabelledTurns(join(dir, 'empty.jsonl')), /empty\.jsonl: holds no labelled turns/);
  });

  test('a bad line names its file and line', () => {
    writeFileSync(join(dir, 'bad.jsonl'), '{"id": "a"}\n{"id": \n');
    assert.throws(() => readLabelledTurns(join(dir, 'bad.jsonl')), /bad\.jsonl:2: not JSON/);
  });

  test('only an optional file may be absent, and then its suite is skipped with the reason', () => {
    const read = readLabelledTurns(join(dir, 'dev.jsonl'), { root: dir, optional: 'not part of a clone' });
    assert.deepEqual(read, { name: 'dev.jsonl', turns: [], skip: 'skipped: not part of a clone' });
  });

  test('every non-blank line is a turn, in order', () => {
    writeFileSync(join(dir, 'two.jsonl'), '{"id": "a"}\n\n{"id": "b"}\n');
    assert.deepEqual(readLabelledTurns(join(dir, 'two.jsonl'), { root: dir }), { name: 'two.jsonl', turns: [{ id: 'a' }, { id: 'b' }] });
  });
});
