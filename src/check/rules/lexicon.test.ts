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
import { seededRandom } from '../testing/seeded-random.ts';

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

describe('phrasesByFirstWord: the same phrases, grouped by their first word', () => {
  const wordLists = [sentenceLexicon.OFFER_CONDITIONS, ['if', 'if you', 'if you like', 'should you', 'just say the word', 'e-mail', 'e']];
  const words = ['if', 'you', "you'd", 'like', 'it', 'that', 'would', 'help', 'helps', "that's", 'useful', 'should', 'want', 'just', 'say', 'the', 'word', 'e', 'e-mail', 'x', 'ifs'];
  const next = seededRandom(17);
  const texts = Array.from({ length: 4000 }, () => Array.from({ length: 1 + Math.floor(next() * 6) }, () => words[Math.floor(next() * words.length)]).join(next() < 0.8 ? ' ' : '  '));
  it('matches where phrases() matches, for every word list of the rules', () => {
    for (const [name, value] of lists) {
      if (!Array.isArray(value) || value.length === 0 || value.some((entry) => typeof entry !== 'string')) continue;
      const list = value as string[];
      const flat = new RegExp(`\\b${lexicon.phrases(list)}\\b`, 'i');
      const grouped = new RegExp(`\\b${lexicon.phrasesByFirstWord(list)}\\b`, 'i');
      // Each entry, cut short, run into the next, and between other words.
      const pick = () => list[Math.floor(next() * list.length)]!;
      const samples = [...list, ...list.map((p) => p.slice(0, -1)), ...list.map((p) => `${p}s`), ...Array.from({ length: 60 }, () => `${pick()} ${pick()}`), ...Array.from({ length: 60 }, () => `x ${pick().replace(' ', '  ')} y`)];
      for (const text of samples) assert.equal(grouped.test(text), flat.test(text), `${name}: ${text}`);
    }
  });
  for (const list of wordLists) {
    it(`matches where phrases() matches (${list.length} phrases)`, () => {
      const flat = new RegExp(`\\b${lexicon.phrases(list)}\\b`, 'i');
      const grouped = new RegExp(`\\b${lexicon.phrasesByFirstWord(list)}\\b`, 'i');
      for (const text of [...texts, ...list, ...list.map((p) => p.toUpperCase())]) assert.equal(grouped.test(text), flat.test(text), text);
    });
  }
});
