/**
 * `npm run bench:check-stages`: where `check()` spends its time on the bench corpus, stage by
 * stage, each timed alone on the same records (µs per turn), next to the baseline bench:check
 * uses (JSON.parse of the line and one regex pass over the reply) measured in the same run.
 *
 * Stages timed alone run hotter than inside `check()` (their code and tables stay in cache), so
 * they sum to less than `check()`; the last line is what is left. The budget line is what one turn
 * may cost for bench:check's target of 50,000 turns/s.
 *
 *   BENCH_TURNS   records (default 6,000; the bench:check corpus, seed 20261001)
 *   BENCH_REPEATS timed passes per stage after a warm-up (default 3; the median is shown)
 */
import { check } from '../src/check/index.ts';
import { conversationBefore } from '../src/check/conversation-context.ts';
import { detectCommitments } from '../src/check/rules/detector.ts';
import { lineSpans } from '../src/check/rules/frames/frame.ts';
import { SENTENCE_FRAMES, TEXT_FRAMES } from '../src/check/rules/frames/index.ts';
import { scanCues } from '../src/check/rules/cues.ts';
import { Hits } from '../src/check/rules/literal-scanner.ts';
import { fold, ownVoice, replyCues } from '../src/check/rules/text-regions.ts';
import { validateTurn } from '../src/check/turn-input.ts';
import { viewTurn } from '../src/core/turn.ts';
import { turnCorpus } from './turn-corpus.ts';

const TURNS = Number(process.env['BENCH_TURNS'] ?? 6_000);
const REPEATS = Number(process.env['BENCH_REPEATS'] ?? 3);
const SEED = 20261001;
const TARGET = 50_000;

const turnRecord = turnCorpus(SEED);
const records = Array.from({ length: TURNS }, (_, i) => JSON.parse(JSON.stringify(turnRecord(i))) as Record<string, unknown>);
const lines = records.map((record) => JSON.stringify(record));
const turns = records.map((record) => {
  const { record: valid } = validateTurn(record);
  const view = viewTurn(valid.messages);
  const folded = fold(view.finalText);
  const conversation = { ...conversationBefore(valid.messages, view.userIndex), userText: view.userText };
  const voice = ownVoice(view.finalText, conversation);
  return { record, valid, view, folded, lines: lineSpans(folded), conversation, voice, ...replyCues(folded) };
});
type Turn = (typeof turns)[number];

let sink = 0;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Median µs per turn of `work` over every turn. */
function microseconds(work: (turn: Turn, index: number) => unknown): number {
  const pass = () => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < turns.length; i++) if (work(turns[i]!, i)) sink++;
    return Number(process.hrtime.bigint() - start) / 1e3 / turns.length;
  };
  pass();
  return median(Array.from({ length: REPEATS }, pass));
}

const rows: [string, number][] = [];
const row = (name: string, work: (turn: Turn, index: number) => unknown) => {
  const us = microseconds(work);
  rows.push([name, us]);
  return us;
};

const baseline = row('baseline: JSON.parse + one regex', (_, i) => /\b(?:will|shall)\b/i.test(String((JSON.parse(lines[i]!) as { messages: { content: unknown }[] }).messages.at(-1)!.content)));
const total = row('check()', (t) => check(t.record));
const fixed = [
  row('  validateTurn', (t) => validateTurn(t.record)),
  row('  viewTurn', (t) => viewTurn(t.valid.messages)),
  row('  conversationBefore', (t) => conversationBefore(t.valid.messages, t.view.userIndex)),
];
const detect = row('  detectCommitments (below, then clause rows and sentence rules)', (t) =>
  detectCommitments({ reply: t.view.finalText, userText: t.view.userText, conversation: t.conversation, succeededFamilies: new Set(), persona: 'generic', category: undefined }),
);
const voice = row('    ownVoice: frames, splitting, cue scan', (t) => ownVoice(t.view.finalText, t.conversation));
row('      fold + lineSpans', (t) => lineSpans(fold(t.view.finalText)));
const hits = new Hits();
row('      literal scan (every cue)', (t) => scanCues(t.folded, hits).count);
for (const frame of TEXT_FRAMES) row(`      text frame ${frame.code}`, (t) => frame.mark({ text: t.folded, lines: t.lines, conversation: t.conversation, setAside: [], sentences: [], cues: t.cues, hits: t.hits }));
for (const frame of SENTENCE_FRAMES) row(`      sentence frame ${frame.code}`, (t) => frame.mark({ text: t.folded, lines: t.lines, conversation: t.conversation, setAside: t.voice.setAside, sentences: t.voice.sentences, cues: t.cues, hits: t.hits }));

const sentences = turns.reduce((sum, t) => sum + t.voice.sentences.length, 0) / turns.length;
const chars = turns.reduce((sum, t) => sum + t.folded.length, 0) / turns.length;
console.log(`felicity bench:check-stages — ${TURNS.toLocaleString('en-US')} turns (seed ${SEED}), ${chars.toFixed(0)} characters and ${sentences.toFixed(1)} sentences per reply, node ${process.version}`);
console.log('each stage timed alone, µs per turn (median of passes):\n');
for (const [name, us] of rows) console.log(`${name.padEnd(66)} ${us.toFixed(2).padStart(8)}   ${(us / baseline).toFixed(1).padStart(5)}× baseline`);
const rest = total - fixed.reduce((a, b) => a + b, 0) - detect;
console.log(`${'  the rest of check(): response judge, feasibility, outcome, label'.padEnd(66)} ${rest.toFixed(2).padStart(8)}   (check() minus the stages above)`);
console.log(`\ncheck(): ${Math.round(1e6 / total).toLocaleString('en-US')} turns/s; ownVoice alone is ${((100 * voice) / total).toFixed(0)}% of it`);
console.log(`budget per turn for ${TARGET.toLocaleString('en-US')} turns/s: ${(1e6 / TARGET).toFixed(1)} µs (${(1e6 / TARGET / baseline).toFixed(1)}× baseline)`);
if (sink < 0) console.log(sink);
