import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  decideTrigger, EVENT_CUES, firstMatch, SAME_CONVERSATION_CUES, SESSION_CUES, STRONG_TIME_CUES, TIME_CUES, TRIGGER_PRECEDENCE, UNSPECIFIED_CUES, type CueSet,
} from './triggers.ts';
import { cuesIn, scanCues } from './cues.ts';
import { inOrder, phrases } from './lexicon.ts';
import * as L from './trigger-lexicon.ts';
import { NO_CUES } from './literal-scanner.ts';
import { seededRandom } from '../testing/seeded-random.ts';
import * as Triggers from './triggers.ts';

/** One case per precedence row: [row, predicate, lead, trigger it yields]. */
const CASES: [string, string, string, string][] = [
  ['this conversation', 'use Celsius from now on', '', 'user_next_message'],
  ['later session', 'remember it next time we chat', '', 'next_session'],
  ['own time', 'remind you tomorrow at 9', '', 'time'],
  ['own event', 'let you know when the price drops', '', 'external_event'],
  ['own work', 'send you an update', 'As soon as I have gathered the details,', 'external_event'],
  ["user's next message", 'review it', 'Once you send the file,', 'user_next_message'],
  ['time before', 'send you the list', 'On Friday morning', 'time'],
  ['event before', 'let you know', 'When the parcel arrives,', 'external_event'],
  ['unspecified', 'get back to you soon', '', 'unspecified_future'],
];

describe('trigger precedence: the first row that decides wins', () => {
  it('the table has one case here per row, in order', () => assert.deepEqual(CASES.map((c) => c[0]), TRIGGER_PRECEDENCE.map((row) => row.id)));
  for (const [row, predicate, lead, trigger] of CASES) {
    it(`${row}: "${lead} … ${predicate}" → ${trigger}`, () => assert.equal(decideTrigger(predicate, lead).trigger, trigger));
  }
  it("a watch that the user's message opens outlasts that message; a one-off check or reply does not", () => {
    for (const [predicate, lead] of <[string, string][]>[
      ["keep tabs on it and tell you the morning it's out for delivery", "Once you've sent it over,"],
      ['monitor the listing and tell you if the price changes', 'When you share the link,'],
      ['keep an eye on it for you', 'Once you send me the order number,'],
    ]) assert.notEqual(decideTrigger(predicate, lead).trigger, 'user_next_message', predicate);
    for (const [predicate, lead] of <[string, string][]>[
      ['check on it', 'Once you send me the order number,'],
      ['review it', "Once you've sent it over,"],
      ['track down the right form for you', 'When you tell me the country,'],
    ]) assert.equal(decideTrigger(predicate, lead).trigger, 'user_next_message', predicate);
  });
  it('explicit words for a later session beat "from now on"', () => assert.equal(decideTrigger('remember this from now on, next time too', '').trigger, 'next_session'));
  it("an event that is the user's reply waits for the reply", () => assert.equal(decideTrigger('update it once you send me the details', '').trigger, 'user_next_message'));
  it('input still to come in this chat keeps to it', () => {
    for (const predicate of ['keep that in mind for the article you paste next', 'keep these details in mind for your upcoming requests', 'use this for the text you are about to send', "keep your style in mind for the pieces you'll ask me to write next", 'keep this context in mind as we continue', 'provide the second half of the code in my next message']) {
      assert.equal(decideTrigger(predicate, '').trigger, 'user_next_message', predicate);
    }
  });
  it('a later session named beside input to come is still a later session', () => {
    for (const predicate of ['remember your next message next time we chat', 'keep the article you paste next in mind for future conversations', 'remember this in my next reply and in future conversations']) {
      assert.equal(decideTrigger(predicate, '').trigger, 'next_session', predicate);
    }
  });
  it('a time named beside input to come is a time', () => assert.equal(decideTrigger('send you the rest in my next message tomorrow', '').trigger, 'time'));
  it('the next of anything else is no input to come', () => assert.equal(decideTrigger('send you the next issue of the newsletter', '').trigger, 'unspecified_future'));
});

/** The cue a set finds, worked out the slow, obvious way: each cue alone, the earliest (then the first listed) wins. */
function earliestCue(set: CueSet, text: string): { id: string; text: string } | null {
  let best: { id: string; text: string; at: number } | null = null;
  for (const cue of set.cues) {
    const match = cue.pattern.exec(text);
    if (match && (!best || match.index < best.at)) best = { id: cue.id, text: match[0].trim(), at: match.index };
  }
  return best && { id: best.id, text: best.text };
}

describe('firstMatch: the earliest cue of a set, named by its row', () => {
  const SETS = { TIME_CUES, STRONG_TIME_CUES, UNSPECIFIED_CUES, SESSION_CUES, SAME_CONVERSATION_CUES, EVENT_CUES };
  const PHRASES = [
    'tomorrow morning', 'tonight', 'on Friday at 9', 'at 10:30', '5pm', 'in two hours', 'next week', 'this evening', 'the 3rd of March',
    'by Friday', 'every day', 'two days before', 'later today', 'later', 'soon', 'next time we chat', 'on file', 'from now on',
    'in this chat', 'when the package arrives', 'until it', 'once the build finishes', 'I will', 'send it', 'the', 'you', 'and',
    'by the end of the week', 'close of business', 'every Monday', 'daily', 'three days before', 'before the bill is due', 'within 24 hours',
    'in a couple of weeks', 'mid-March', 'on the 3rd', 'Dec 12', 'at noon', 'going forward', 'from here on out', 'during our session',
    'next visit', 'future chats', 'whenever you come back', 'as soon as possible', 'in due course', 'down the line', 'the moment it', 'should the',
    'the day your', 'any time the', 'till your', 'later on', 'first thing', 'the morning of', 'this evening', '2pm', '10:30', 'tmrw', 'bedtime',
    'as we go on', 'while we chat', 'as we work on this', 'your next message', 'the text you paste next',
  ];
  const random = seededRandom(7);
  const texts = Array.from({ length: 3000 }, () => Array.from({ length: 1 + Math.floor(random() * 6) }, () => PHRASES[Math.floor(random() * PHRASES.length)]).join(' '));
  for (const [name, set] of Object.entries(SETS)) {
    it(`${name}: the same cue and words as trying each cue alone, on ${texts.length} random texts`, () => {
      for (const text of texts) assert.deepEqual(firstMatch(set, text), earliestCue(set, text), text);
    });
    it(`${name}: its literal cue is in every text it matches, so the gate on the scan never hides a match`, () => {
      for (const raw of texts) {
        const text = random() < 0.3 ? raw.toUpperCase() : raw;
        const hits = scanCues(text);
        assert.deepEqual(firstMatch(set, text, cuesIn(hits, 0, text.length)), firstMatch(set, text), text);
      }
    });
  }
  it('a text without the literal is done with at once', () => assert.equal(firstMatch(TIME_CUES, 'at 9am', NO_CUES), null));
});

describe('the phrase lists grouped by first word match where the flat lists do', () => {
  // The flat patterns these cues were, one alternative per phrase.
  const FLAT_SESSION = new RegExp(`\\b(?:${inOrder(L.NEXT_SESSION)}|(?<!${phrases(L.DATA_ON_FILE)}\\s)on file|${inOrder(L.LATER_VISIT)})\\b`, 'i');
  const FLAT_THIS_CONVERSATION = new RegExp(`\\b${inOrder(L.THIS_CONVERSATION)}\\b`, 'i');
  const PHRASES = [...L.NEXT_SESSION, ...L.THIS_CONVERSATION, ...L.DATA_ON_FILE, 'on file', 'next visit', 'card on file'];
  // Whole phrases, and their words alone, so phrases also meet halves of others.
  const WORDS = [...PHRASES, ...new Set(PHRASES.flatMap((p) => p.split(' ')))];
  const random = seededRandom(31);
  const texts = Array.from({ length: 20_000 }, () => Array.from({ length: 1 + Math.floor(random() * 7) }, () => WORDS[Math.floor(random() * WORDS.length)]).join(random() < 0.8 ? ' ' : '  '));
  const cases: [string, RegExp, RegExp][] = [
    ['a later session', SESSION_CUES.cues[0]!.pattern, FLAT_SESSION],
    ['this conversation', SAME_CONVERSATION_CUES.cues[0]!.pattern, FLAT_THIS_CONVERSATION],
  ];
  for (const [name, grouped, flat] of cases) {
    it(`${name}: the same first match on ${texts.length} random texts of its words`, () => {
      let found = 0;
      for (const text of texts) {
        const want = flat.exec(text);
        assert.equal(grouped.exec(text)?.index, want?.index, text);
        if (want) found++;
      }
      assert.ok(found > 5000, `only ${found} texts hold the cue`);
    });
  }
});

describe('capturingGroups: counted from the source as the compiled pattern counts them', () => {
  const compiled = (source: string) => new RegExp(`${source}|`).exec('')!.length - 1;

  it('on tricky sources: escapes, classes, lookarounds, non-capturing groups', () => {
    for (const source of ['a', '(a)', '(?:a)(b)', '\\(a\\)', '[(]', '[\\](](b)', '(?=a)(?!b)(?<=c)(?<!d)(e)', '((a)|(b))', '\\\\(a)', '[^)(]+(x)', '(a)[\\[(](b)']) {
      assert.equal(Triggers.capturingGroups(source), compiled(source), source);
    }
  });

  it('on every cue of every cue set', () => {
    const sets = Object.values(Triggers).filter((value): value is Triggers.CueSet => typeof value === 'object' && value !== null && 'cues' in value && 'groupOf' in value);
    assert.ok(sets.length >= 5, `found the cue sets (${sets.length})`);
    for (const set of sets) for (const cue of set.cues) assert.equal(Triggers.capturingGroups(cue.pattern.source), compiled(cue.pattern.source), cue.id);
  });
});
