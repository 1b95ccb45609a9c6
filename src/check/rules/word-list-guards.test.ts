/**
 * Every word-list entry with a guard (src/check/rules/guards/<lexicon>.jsonl, found by
 * scripts/rules-guarded/mine-guards.ts): a turn the entry decides gets the label it was mined with,
 * so removing the entry, or changing how its list is read, fails here. Each guard's entry must
 * still be in its list (a list of phrases): a guard outlives no entry.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkWithExplanation } from '../check.ts';
import { guardTurnRecord, labelKey, whyKey, type WordGuard } from '../testing/word-guards.ts';

const folder = join(import.meta.dirname, 'guards');
const files = readdirSync(folder).filter((f) => f.endsWith('.jsonl')).sort();

describe('word-list guards', () => {
  it('a guard file for each lexicon, each with guards', () => {
    assert.ok(files.length >= 1, `no guard files in ${folder}`);
    for (const file of files) assert.ok(readFileSync(join(folder, file), 'utf8').trim(), `${file} holds no guards`);
  });
  for (const file of files) {
    const guards = readFileSync(join(folder, file), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as WordGuard);
    describe(file, () => {
      for (const guard of guards) {
        it(`${guard.list} ${JSON.stringify(guard.phrase ?? guard.entry)}: ${JSON.stringify(guard.reply.slice(0, 80))}`, async () => {
          const lexicon = (await import(`../../../${guard.file}`)) as Record<string, unknown>;
          const list = lexicon[guard.list];
          const phrases: unknown[] | undefined = list === undefined ? undefined : Array.isArray(list) ? list : Object.keys(list as object);
          // A list of shapes (word lists to combine, rows with cues) has no phrase to look for: its guard's label decides.
          if (phrases?.every((p) => typeof p === 'string')) {
            assert.ok(phrases.includes(guard.phrase ?? guard.entry), `${guard.list} no longer holds ${JSON.stringify(guard.phrase ?? guard.entry)}: delete its guard`);
          }
          const { label, explanation } = checkWithExplanation(guardTurnRecord(guard));
          assert.deepEqual(labelKey(label), guard.label);
          if (guard.why) assert.deepEqual(whyKey(explanation), guard.why);
        });
      }
    });
  }
});
