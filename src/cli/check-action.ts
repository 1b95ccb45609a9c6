/**
 * What `felicity check` does once its arguments are parsed (check.ts defines the command): label
 * the input and report, with the work in src/check. Loaded only when the command runs, so that
 * `felicity check --help` and `felicity --help` do not load the checker.
 */
import { createReadStream, fstatSync, statSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { checkJsonl, OutcomeTally, RulesLineReader, type LineResult } from '../check/check-jsonl.ts';
import { labelBlock } from '../check/label-block.ts';
import { resultText } from '../check/result-text.ts';
import { planJsonl } from '../check/engines/plan-jsonl.ts';
import { loadInlineDeployments } from '../check/inline-deployments.ts';
import { DeploymentError } from '../setups/deployment-error.ts';
import type { Deployment } from '../setups/deployment.ts';
import { byteLines } from '../check/byte-lines.ts';
import { LineBatch } from './line-batch.ts';
import { judgingSummary, openEngine, PlanTally, type EngineFlags } from './judge-engine.ts';
import { labelChunks } from './label-chunks.ts';
import { labelBlocksInOrder } from './label-parallel.ts';
import { openOutput } from './output-file.ts';
import { EXIT, UsageError, oneLine } from './usage-exit.ts';
import { FORMAT_NAMES, type InputFormat, type InputFormatChoice } from '../check/input-formats/input-format.ts';
import { evaluateFailOn, type FailOn } from './fail-on.ts';
import { buildSummary, writeSummary } from './summary-json.ts';
import { jobsForBytes, type JobsChoice } from '../check/worker-threshold.ts';

/** Bytes read from the input at a time, and characters of labels gathered per write (about 130 labels). */
const READ_CHUNK = 1 << 20;
const WRITE_BATCH = 1 << 16;

const STDIN_HINT = 'felicity check: reading turn records (JSON Lines) from the terminal; end with Ctrl-D, or give a file: felicity check turns.jsonl (felicity check --help)\n';

/** The options as commander parses them (check.ts). */
export interface CheckFlags extends EngineFlags {
  setup?: string;
  /** Worker threads for the offline rules (1: this thread only; auto: where they pay). */
  jobs: JobsChoice;
  out?: string;
  explain?: true;
  conversations?: true;
  /** A backed report whose details contradict its call's arguments is a false claim. */
  strictArguments?: true;
  dryRun?: true;
  inputFormat?: InputFormatChoice;
  failOn?: FailOn;
  summaryJson?: string;
}

export async function runCheck(file: string, options: CheckFlags): Promise<void> {
  // The rules compare arguments (and hybrid's rules-kept labels); a model's label carries no comparison to make strict.
  if (options.strictArguments && options.engine === 'llm') throw new UsageError('--strict-arguments needs the offline rules: use --engine rules or hybrid, not llm');
  const started = performance.now();
  let setup: Deployment | undefined;
  if (options.setup) {
    // Loaded only for --setup: it brings the YAML parser, which a plain check does not need.
    const { resolveSetup } = await import('../setups/load-deployment.ts');
    try {
      setup = await resolveSetup(options.setup);
    } catch (error) {
      if (!(error instanceof DeploymentError)) throw error;
      throw new UsageError(`--setup: ${oneLine(error)}`);
    }
  }
  const source = file === '-' ? 'stdin' : file;
  // Without a file, check reads stdin: on a terminal that would look like a hang.
  if (file === '-' && process.stdin.isTTY === true) process.stderr.write(STDIN_HINT);
  // The rules' line reader loads it at the first record with a deployment object; a model
  // engine and --dry-run read records elsewhere, and take seconds anyway.
  if ((options.engine ?? 'rules') !== 'rules' || options.dryRun) await loadInlineDeployments();
  const opened = await openEngine({ engine: options.engine, judgeModel: options.judgeModel, cache: options.cache });
  const engine = opened.engine.kind === 'rules' ? undefined : opened.engine;
  if (options.dryRun) {
    const plans = new PlanTally();
    const input = file === '-' ? process.stdin : createReadStream(file, { highWaterMark: READ_CHUNK });
    for await (const plan of planJsonl(byteLines(readChunks(input, source)), opened.engine, { setup, inputFormat: options.inputFormat ?? 'auto' })) plans.add(plan);
    process.stderr.write(`${plans.format('check')}\n`);
    await opened.close();
    return;
  }
  const out = options.out === undefined ? undefined : await openOutput(options.out, file === '-' ? [] : [file]);
  const output: Writable = out?.stream ?? process.stdout;
  const tally = new OutcomeTally();
  const explain = options.explain ?? false;
  // Offline labels to a file or pipe go in large writes. Each label comes as it is made to a
  // terminal, beside its --explain lines, and from a model (slow enough that waiting shows).
  const toTerminal = (output as NodeJS.WriteStream).isTTY === true;
  const eachAtOnce = toTerminal || explain || engine !== undefined;
  const labels = new LineBatch(output, eachAtOnce ? 0 : WRITE_BATCH);
  const inputFormat = options.inputFormat ?? 'auto';
  const formats = new FormatNotice(inputFormat);
  const report = (result: LineResult): void => {
    tally.add(result);
    formats.saw(result.notes?.format);
    const text = resultText(result, source, { explain, toTerminal });
    if (text.label !== undefined) labels.append(text.label);
    if (text.messages !== '') process.stderr.write(text.messages);
    if ('problem' in result || 'failed' in result) exitCodeSoFar(tally);
  };
  try {
    const input = readChunks(file === '-' ? process.stdin : createReadStream(file, { highWaterMark: READ_CHUNK }), source);
    const jsonl = { setup, conversations: options.conversations ?? false, explain, inputFormat, ...(options.strictArguments ? { strictArguments: true } : {}) };
    const plan = engine === undefined ? jobsForBytes(options.jobs, inputSize(file)) : undefined;
    if (plan !== undefined && plan.jobs > 1) {
      await labelBlocksInOrder(input, { ...jsonl, source, toTerminal }, {
        startAfterBytes: plan.startAfterBytes,
        pool: async () => new (await import('../check/check-pool.ts')).CheckPool(plan.jobs),
        inThisThread: labelBlock,
        write: (block) => {
          tally.merge(block.tally);
          exitCodeSoFar(tally);
          for (const format of block.formats ?? []) formats.saw(format);
          if (block.messages !== '') process.stderr.write(block.messages);
          labels.append(block.labels);
          return labels.drained();
        },
      });
    } else if (engine === undefined) {
      await labelChunks(input, new RulesLineReader(jsonl, report, 1, () => labels.drained()), labels);
    } else {
      for await (const result of checkJsonl(byteLines(input), { ...jsonl, engine })) {
        report(result);
        const wait = labels.drained();
        if (wait) await wait;
      }
    }
    await labels.flush();
    await out?.commit();
  } finally {
    // On stdout the labels before a failure still count; an --out file is dropped whole.
    const rest = labels.take();
    if (out === undefined && rest !== '') output.write(rest);
    out?.abort();
    await opened.close();
  }
  process.stderr.write(`felicity check: ${tally.format()}\n`);
  for (const line of judgingSummary('check', opened)) process.stderr.write(`${line}\n`);
  exitCodeSoFar(tally);
  const gate = options.failOn === undefined ? undefined : evaluateFailOn(options.failOn, tally.failures, tally.labelled);
  if (gate !== undefined) {
    process.stderr.write(`felicity check: ${gate.message}\n`);
    // Bad input (2) outranks the gate: either way CI sees a failure.
    if (gate.exceeded && (process.exitCode === undefined || process.exitCode === EXIT.done)) process.exitCode = EXIT.failed;
  }
  if (options.summaryJson !== undefined) {
    writeSummary(
      options.summaryJson,
      buildSummary({
        command: 'check',
        engine: tally.labelled > 0 ? opened.engine.name : null,
        outcomes: tally.counts,
        errored: tally.errored,
        badLines: tally.problems,
        // Turns left out of the rates (no reply, not English), by reason.
        notLabelled: Object.fromEntries(tally.notLabelled),
        ...(options.failOn === undefined || gate === undefined ? {} : { failOn: { gate: options.failOn, exceeded: gate.exceeded } }),
        seconds: (performance.now() - started) / 1000,
      }),
    );
  }
}

/** Says once on stderr which message format records were read in, when it is not the turn record's own. */
class FormatNotice {
  private readonly said = new Set<InputFormat>();
  constructor(private readonly choice: InputFormatChoice) {}

  saw(format: InputFormat | undefined): void {
    if (format === undefined || format === 'openai' || this.said.has(format)) return;
    this.said.add(format);
    const how = this.choice === 'auto' ? 'detected; --input-format to choose' : '--input-format';
    process.stderr.write(`felicity check: reading ${FORMAT_NAMES[format]} (${how})\n`);
  }
}

/**
 * The input's size when it is a regular file (stdin too, when redirected from one); undefined for
 * a pipe or terminal, and when it cannot be read (the read then reports why).
 */
function inputSize(file: string): number | undefined {
  try {
    const stats = file === '-' ? fstatSync(0) : statSync(file);
    return stats.isFile() ? stats.size : undefined;
  } catch {
    return undefined;
  }
}

/** An input that cannot be read (missing, a folder, no permission) is bad input, named in one line. */
class InputFileError extends UsageError {}

async function* readChunks(input: AsyncIterable<Uint8Array>, source: string): AsyncGenerator<Uint8Array> {
  try {
    yield* input;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputFileError(`cannot read ${source}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
}

/**
 * The exit code is set as each problem is found, not only at the end: a closed pipe
 * (`felicity check … | head`) ends the process early (main.ts) with the code set so far.
 */
function exitCodeSoFar(tally: OutcomeTally): void {
  if (tally.problems > 0) process.exitCode = EXIT.badInput;
  else if (tally.judgmentsFailed > 0) process.exitCode = EXIT.failed;
}
