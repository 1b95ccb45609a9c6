import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readCorpusRows } from './corpus-rows.ts';
import { guessCategory, mineCandidates } from './mine-requests.ts';
import { parseCsv } from './csv.ts';
import { RequestFileError } from './request-problem.ts';

const slurpFile = [
  { slurp_id: 101, sentence: 'remind me to pay rent tomorrow morning', intent: 'calendar_set' },
  { slurp_id: 102, sentence: 'what is the weather like', intent: 'weather_query' },
  { slurp_id: 103, sentence: 'let me know when casey emails me', intent: 'email_query' },
  { slurp_id: 104, sentence: 'wake me up at six', intent: 'alarm_set' },
  { slurp_id: 105, sentence: 'Remind me to pay rent tomorrow morning', intent: 'calendar_set' },
  { slurp_id: 106, sentence: 'add lunch with dale on the thirteenth', intent: 'calendar_set' },
]
  .map((r) => JSON.stringify(r))
  .join('\n');

test('SLURP jsonl: keyword and intent hits become candidates with provenance; duplicates fold', () => {
  const candidates = mineCandidates(readCorpusRows('slurp', slurpFile, '/data/slurp/devel.jsonl'));
  assert.deepEqual(
    candidates.map((c) => [c.provenance.row_id, c.category_guess, c.duplicates]),
    [
      [101, 'reminder', 1],
      [103, 'monitoring', 0],
      [104, 'reminder', 0],
      [106, 'reminder', 0],
    ],
  );
  const first = candidates[0]!;
  assert.equal(first.candidate_id, 'slurp:devel.jsonl:101');
  assert.deepEqual(first.provenance, {
    corpus: 'slurp',
    file: 'devel.jsonl',
    id_field: 'slurp_id',
    row_id: 101,
    original: 'remind me to pay rent tomorrow morning',
    intent: 'calendar_set',
    licence: 'CC BY 4.0',
  });
  assert.deepEqual(candidates[3]!.matched, ['intent:calendar_set']);
});

test('SLURP lm.txt lines are identified by line number and have no intent', () => {
  const rows = readCorpusRows('slurp', 'play some jazz\nnotify me when my rent is due\n', 'lm.txt');
  const [c] = mineCandidates(rows);
  assert.equal(c?.provenance.id_field, 'line');
  assert.equal(c?.provenance.row_id, 2);
  assert.equal(c?.provenance.intent, null);
  assert.equal(c?.category_guess, 'monitoring');
});

test('MASSIVE jsonl uses utt/id and skips non-English locales', () => {
  const text = [
    { id: '7', locale: 'en-US', utt: 'remember that i am allergic to nuts', intent: 'general_quirky' },
    { id: '8', locale: 'de-DE', utt: 'erinnere mich morgen', intent: 'calendar_set' },
  ]
    .map((r) => JSON.stringify(r))
    .join('\n');
  const candidates = mineCandidates(readCorpusRows('massive', text, 'en-US.jsonl'));
  assert.equal(candidates.length, 1);
  assert.equal(candidates[0]!.category_guess, 'memory');
  assert.equal(candidates[0]!.provenance.row_id, '7');
  assert.equal(candidates[0]!.provenance.licence, 'CC BY 4.0');
});

test('Bitext CSV: quoted multi-line fields do not shift row numbers', () => {
  const csv = [
    'instruction,intent,response',
    'how do I cancel my order?,cancel_order,"Sure.',
    'Step one: ""open"" the page, then click."',
    'I want to talk to a human agent,contact_human_agent,"We will, of course."',
    'need to contact somebody,contact_human_agent,ok',
  ].join('\n');
  const candidates = mineCandidates(readCorpusRows('bitext', csv, 'b.csv'));
  assert.deepEqual(
    candidates.map((c) => [c.provenance.row_id, c.text, c.category_guess]),
    [
      [2, 'I want to talk to a human agent', 'callback'],
      [3, 'need to contact somebody', 'callback'],
    ],
  );
  assert.equal(candidates[0]!.provenance.licence, 'CDLA-Sharing-1.0');
});

test('CSV parser keeps doubled quotes and embedded newlines, and rejects an unclosed quote', () => {
  assert.deepEqual(parseCsv('a,"b ""c""\nd",e\r\nf,g,h\n', 'x.csv'), [
    ['a', 'b "c"\nd', 'e'],
    ['f', 'g', 'h'],
  ]);
  assert.throws(() => parseCsv('a,"b\nc', 'x.csv'), (e: unknown) => e instanceof RequestFileError && e.line === 1);
});

test('malformed corpus rows raise a typed error naming the line', () => {
  assert.throws(
    () => readCorpusRows('slurp', '{"slurp_id": 1, "sentence": "x"}\n{"slurp_id": 2}\n', 's.jsonl'),
    (e: unknown) => e instanceof RequestFileError && e.line === 2 && /sentence/.test(e.expected),
  );
  assert.throws(() => readCorpusRows('bitext', 'text,label\nhello,x\n', 'b.csv'), RequestFileError);
});

test('category guesses: monitoring and callback win over a bare reminder word', () => {
  assert.equal(guessCategory('notify me when the parcel arrives', null)?.category, 'monitoring');
  assert.equal(guessCategory('have customer service call me back', null)?.category, 'callback');
  assert.equal(guessCategory('send me the summary tomorrow morning', null)?.category, 'deferred_delivery');
  assert.equal(guessCategory('what time is it', 'datetime_query'), undefined);
});
