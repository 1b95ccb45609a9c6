/**
 * `npm run bench:conversations`: `felicity check --conversations` on one conversation of 2,000 and
 * one of 8,000 turns (the bench corpus's turns strung together under one deployment, with their
 * tool calls, so earlier calls and earlier texts are context for later turns). Labelling every turn
 * with what came before it must stay linear: four times the turns, at most 4.5× the CPU time; and
 * the peak resident set must stay under twice the input's size above the process's base (the same
 * command on a one-turn conversation). Prints CPU seconds and peak RSS for each, and the ratios;
 * and two floors to read the peak against: a bare node parsing the file, and `check` on the same
 * turns as separate one-turn records (labelling that many turns, with no conversation held).
 *
 *   FELICITY_ROOT   the checkout whose bin/felicity.js is measured (default: this one; `npm run
 *                   build` first), so an older commit can be measured with the same files.
 *   BENCH_TURNS     the two sizes, comma-separated (default "2000,8000").
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { turnCorpus } from './turn-corpus.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(process.env['FELICITY_ROOT'] ?? path.join(here, '..'));
const SIZES = (process.env['BENCH_TURNS'] ?? '2000,8000').split(',').map(Number);
const SETUP = 'C2';

/**
 * One conversation of `turns` user turns (or a few more): the corpus's C2 turns, each from its user
 * message on; and the same turns as separate one-turn records (a user message and what follows it), one a line.
 */
function conversation(turns: number): { conversation: string; records: string } {
  const next = turnCorpus(20261207);
  const messages: unknown[] = [{ role: 'system', content: 'You are a helpful assistant with a reminder tool.' }];
  const records: string[] = [];
  let made = 0;
  for (let i = 0; made < turns; i++) {
    const record = next(i) as { setup?: unknown; messages: { role: string; tool_calls?: { id: string }[]; tool_call_id?: string }[] };
    if (record.setup !== SETUP) continue;
    const from = record.messages.findIndex((m) => m.role === 'user');
    // Call ids made unique across the conversation, as a real log's are.
    const own: unknown[] = [];
    for (const m of record.messages.slice(from)) {
      const copy = JSON.parse(JSON.stringify(m)) as typeof m;
      for (const call of copy.tool_calls ?? []) call.id = `${call.id}-${made}`;
      if (copy.tool_call_id !== undefined) copy.tool_call_id = `${copy.tool_call_id}-${made}`;
      messages.push(copy);
      own.push(copy);
    }
    // One record per user turn: its user message and what follows it up to the next.
    let start = 0;
    for (let j = 1; j <= own.length; j++) {
      if (j < own.length && (own[j] as { role: string }).role !== 'user') continue;
      records.push(JSON.stringify({ id: `turn-${made}-${start}`, setup: SETUP, messages: own.slice(start, j) }));
      start = j;
    }
    made += record.messages.slice(from).filter((m) => m.role === 'user').length;
  }
  return { conversation: `${JSON.stringify({ id: `conv-${turns}`, setup: SETUP, messages })}\n`, records: `${records.join('\n')}\n` };
}

interface Measured {
  cpuSeconds: number;
  peakMb: number;
  lines: number;
}

/** Runs `felicity check FILE --conversations` under /usr/bin/time: CPU (user + system) and peak RSS. */
function measure(file: string): Promise<Measured> {
  return timed([path.join(ROOT, 'bin', 'felicity.js'), 'check', file, '--conversations']);
}

/**
 * The other floor: `felicity check` on the same turns as separate one-turn records, which it reads
 * and labels one line at a time (one thread, as the conversation is labelled): what labelling that
 * many turns costs with no conversation held, above the one-turn base (the code the labeller
 * compiles as it warms up, the young generation growing with the allocation rate).
 */
function measureRecords(file: string): Promise<Measured> {
  return timed([path.join(ROOT, 'bin', 'felicity.js'), 'check', file, '--jobs', '1']);
}

/** The floor for comparison: a node process that only reads the file, JSON.parses it and keeps the value. */
function parseFloor(file: string): Promise<Measured> {
  return timed(['-e', `globalThis.kept = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'));`]);
}

function timed(args: string[]): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', '@@time %M %U %S', process.execPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 10) lines++;
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const m = /@@time (\d+) ([\d.]+) ([\d.]+)/.exec(stderr);
      if (!m) return reject(new Error(`no timing from /usr/bin/time: ${stderr.slice(-500)}`));
      resolve({ peakMb: Number(m[1]) / 1024, cpuSeconds: Number(m[2]) + Number(m[3]), lines });
    });
  });
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'felicity-bench-conversations-'));
try {
  const write = (turns: number) => {
    const file = path.join(dir, `conversation-${turns}.jsonl`);
    const records = path.join(dir, `records-${turns}.jsonl`);
    const made = conversation(turns);
    writeFileSync(file, made.conversation);
    writeFileSync(records, made.records);
    return { file, records, bytes: statSync(file).size };
  };
  const base = await measure(write(1).file);
  console.log(`felicity check --conversations (${ROOT})`);
  console.log(`base (1 turn): ${base.cpuSeconds.toFixed(2)} s CPU, peak ${base.peakMb.toFixed(0)} MB`);
  const runs: (Measured & { turns: number; inputMb: number })[] = [];
  for (const turns of SIZES) {
    const { file, records, bytes } = write(turns);
    const run = { ...(await measure(file)), turns, inputMb: bytes / 1024 / 1024 };
    runs.push(run);
    const floor = await parseFloor(file);
    const separate = await measureRecords(records);
    const bound = base.peakMb + 2 * run.inputMb;
    console.log(
      `${turns} turns (${run.inputMb.toFixed(1)} MB, ${run.lines} labels): ${run.cpuSeconds.toFixed(2)} s CPU, peak ${run.peakMb.toFixed(0)} MB ` +
        `(${(run.peakMb - base.peakMb).toFixed(0)} MB above base; bound base + 2 × input = ${bound.toFixed(0)} MB: ${run.peakMb < bound ? 'within' : 'OVER'}); ` +
        `a bare node that only parses the file peaks at ${floor.peakMb.toFixed(0)} MB; ` +
        `the same turns as ${separate.lines} separate one-turn records peak at ${separate.peakMb.toFixed(0)} MB (${(separate.peakMb - base.peakMb).toFixed(0)} MB above base)`,
    );
  }
  if (runs.length === 2) {
    const [small, large] = runs as [(typeof runs)[0], (typeof runs)[0]];
    const cpu = large.cpuSeconds / small.cpuSeconds;
    console.log(`${large.turns / small.turns}× the turns: ${cpu.toFixed(2)}× the CPU time (at most 4.5×: ${cpu <= 4.5 ? 'within' : 'OVER'})`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
