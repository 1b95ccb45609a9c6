import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHANGE_VERBS, SAME_ACT_GROUPS } from '../../setups/action-verbs.ts';
import * as actLexicon from './act-lexicon.ts';
import * as askLexicon from './ask-lexicon.ts';
import * as claimLexicon from './claim-lexicon.ts';
import * as clauseLexicon from './clause-lexicon.ts';
import * as frameLexicon from './frames/frame-lexicon.ts';
import * as judgeLexicon from './judge-lexicon.ts';
import * as lexicon from './lexicon.ts';
import * as sentenceLexicon from './sentence-lexicon.ts';
import * as triggerLexicon from './trigger-lexicon.ts';

function duplicates(list: readonly string[]): string[] {
  const seen = new Set<string>();
  return list.filter((entry) => (seen.has(entry) ? true : (seen.add(entry), false)));
}

const handBackLists = Object.fromEntries(
  judgeLexicon.HAND_BACKS.flatMap((row) => [[`${row.id}: verbs`, row.verbs], [`${row.id}: objects`, row.objects], [`${row.id}: phrases`, row.phrases]]),
);

/** Every list module, so a list is named by its file and two files may use the same name. */
const modules = { lexicon, 'judge-lexicon': judgeLexicon, 'act-lexicon': actLexicon, 'ask-lexicon': askLexicon, 'claim-lexicon': claimLexicon, 'clause-lexicon': clauseLexicon, 'frame-lexicon': frameLexicon, 'sentence-lexicon': sentenceLexicon, 'trigger-lexicon': triggerLexicon };
const lists = [...Object.entries(modules).flatMap(([file, m]) => Object.entries(m).map(([name, value]) => [`${file} ${name}`, value] as const)), ...Object.entries(handBackLists)];

describe('word lists hold each phrasing once', () => {
  for (const [name, value] of lists) {
    if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) continue;
    it(`${name} has no duplicate entry`, () => assert.deepEqual(duplicates(value as string[]), []));
    it(`${name} entries are lower-case and trimmed`, () => {
      for (const entry of value as string[]) assert.equal(entry, entry.trim().toLowerCase(), entry);
    });
  }
  it('action verbs: each lemma once, each form maps to one lemma', () => {
    assert.deepEqual(duplicates(CHANGE_VERBS.map((v) => v.lemma)), []);
    assert.deepEqual(duplicates(CHANGE_VERBS.flatMap((v) => v.forms)), []);
  });
  it('each group of same acts lists a lemma once', () => {
    for (const group of SAME_ACT_GROUPS) assert.deepEqual(duplicates(group), [], group.join(' '));
  });
  it('the duplicate check finds a duplicate', () => assert.deepEqual(duplicates(['manager', 'team', 'manager']), ['manager']));
});
