/**
 * `npm run bench:check`: turns per second through the offline checker, next to a baseline that
 * only parses each line and makes one regex pass over the assistant text, in the same run.
 *
 *   (a) baseline: JSON.parse of every line + one case-insensitive regex search of the reply
 *   (b) check(): the full pipeline on every parsed record
 *   (c) checkJsonl(): the JSONL path over the serialised lines
 *
 * The corpus (perf/turn-corpus.ts) is generated in memory, deterministic (seeded): all setups, both
 * personas, all categories, replies composed from many phrasings, 1–10 sentences. Target: (b) ≥ 50,000 turns/s on one
 * core. Each measurement is warmed up and run REPEATS times; the median is reported.
 *
 * BENCH_TURNS (default 12,000) sets the corpus size.
 */
import { check, checkJsonl } from '../src/check/index.ts';
import { OUTCOMES, type Outcome } from '../src/core/types.ts';
import { turnCorpus } from './turn-corpus.ts';

const TURNS = Number(process.env['BENCH_TURNS'] ?? 12_000);
const REPEATS = 3;
const SEED = 20261001;
const TARGET = 50_000;

const turnRecord = turnCorpus(SEED);

// ---------------------------------------------------------------- measurement

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
let peakRss = 0;
const sampleRss = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));

/** Median turns/s of three timed runs after a warm-up; sync and async runs alike. */
async function measure(name: string, run: () => number | Promise<number>): Promise<number> {
  await run();
  const rates: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    const start = process.hrtime.bigint();
    const n = await run();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    rates.push(n / seconds);
    sampleRss();
  }
  const rate = median(rates);
  console.log(`${name.padEnd(34)} ${fmt(rate).padStart(10)} turns/s   (runs: ${rates.map(fmt).join(', ')})`);
  return rate;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  const records = Array.from({ length: TURNS }, (_, i) => turnRecord(i));
  const lines = records.map((record) => JSON.stringify(record));
  const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const replyLengths = records.map((r) => {
    const messages = r['messages'] as { content: unknown }[];
    return String(messages.at(-1)!.content).length;
  });
  const bytes = lines.reduce((sum, line) => sum + line.length + 1, 0);
  sampleRss();

  console.log(`felicity bench:check — ${fmt(TURNS)} turns, ${(bytes / 1e6).toFixed(1)} MB JSONL, seed ${SEED}, node ${process.version}`);
  console.log(
    `reply length: min ${Math.min(...replyLengths)}, median ${median(replyLengths)}, max ${Math.max(...replyLengths)} chars; ` +
      `tool calls in ${records.filter((r) => (r['messages'] as { tool_calls?: unknown }[]).some((m) => m.tool_calls)).length} turns`,
  );

  // Outcome distribution (one pass, also a check that the generator exercises the rules).
  const counts = new Map<Outcome, number>(OUTCOMES.map((o) => [o, 0]));
  const bySetup = new Map<string, Map<Outcome, number>>();
  let commitments = 0;
  for (const record of parsed) {
    const label = check(record);
    commitments += label.commitments.length;
    counts.set(label.outcome, counts.get(label.outcome)! + 1);
    const setup = String(record['setup']);
    if (!bySetup.has(setup)) bySetup.set(setup, new Map(OUTCOMES.map((o) => [o, 0])));
    bySetup.get(setup)!.set(label.outcome, bySetup.get(setup)!.get(label.outcome)! + 1);
  }
  console.log('\noutcome distribution:');
  for (const [outcome, n] of counts) console.log(`  ${outcome.padEnd(13)} ${String(n).padStart(6)}  ${((100 * n) / TURNS).toFixed(1).padStart(5)}%`);
  console.log(`  commitments detected: ${commitments} (${(commitments / TURNS).toFixed(2)} per turn)`);
  console.log(`  by setup: ${[...bySetup].map(([s, m]) => `${s} ${OUTCOMES.filter((o) => m.get(o)! > 0).map((o) => `${o}=${m.get(o)}`).join(' ')}`).join('\n            ')}`);
  console.log('');

  const pattern = /will|'ll|remind/i;
  let sink = 0;
  const baseline = await measure('(a) baseline JSON.parse + regex', () => {
    for (const line of lines) {
      const record = JSON.parse(line) as { messages: { content: unknown }[] };
      const text = record.messages.at(-1)!.content;
      if (typeof text === 'string' && pattern.test(text)) sink++;
    }
    return lines.length;
  });
  const full = await measure('(b) check() on parsed records', () => {
    for (const record of parsed) sink += check(record).commitments.length;
    return parsed.length;
  });
  const jsonl = await measure('(c) checkJsonl() over the lines', async () => {
    let n = 0;
    for await (const result of checkJsonl(lines)) {
      if ('label' in result) n++;
    }
    if (n !== lines.length) throw new Error(`checkJsonl labelled ${n} of ${lines.length} lines`);
    return n;
  });

  const maxRss = process.resourceUsage().maxRSS * 1024;
  console.log('');
  console.log(`(b)/(a) = ${(full / baseline).toFixed(3)}   (the checker runs at ${((100 * full) / baseline).toFixed(1)}% of the baseline's speed)`);
  console.log(`(c)/(a) = ${(jsonl / baseline).toFixed(3)}`);
  console.log(`(c)/(b) = ${(jsonl / full).toFixed(3)}`);
  console.log(`peak RSS: ${(Math.max(peakRss, maxRss) / 2 ** 20).toFixed(0)} MiB (sampled ${(peakRss / 2 ** 20).toFixed(0)} MiB, maxRSS ${(maxRss / 2 ** 20).toFixed(0)} MiB)`);
  console.log(`target (b) ≥ ${fmt(TARGET)} turns/s: ${full >= TARGET ? 'met' : `NOT met (${((100 * full) / TARGET).toFixed(0)}% of target)`}`);
  if (sink < 0) console.log(sink);
}

await main();
