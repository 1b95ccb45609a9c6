/**
 * What `felicity check` does once its arguments are parsed (check.ts defines the command): label
 * the input and report, with the work in src/check. Loaded only when the command runs, so that
 * `felicity check --help` and `felicity --help` do not load the checker.
 */
import { createReadStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { checkJsonl, OutcomeTally, RulesLineReader, truncationWarning, type LineResult } from '../check/check-jsonl.ts';
import { formatExplanation } from '../check/explanation.ts';
import { planJsonl } from '../check/engines/plan-jsonl.ts';
import { loadInlineDeployments } from '../check/inline-deployments.ts';
import { DeploymentError } from '../setups/deployment-error.ts';
import type { Deployment } from '../setups/deployment.ts';
import { byteLines, LineBatch } from './byte-lines.ts';
import { judgingSummary, openEngine, PlanTally, type EngineFlags } from './judge-engine.ts';
import { labelChunks } from './label-chunks.ts';
import { openOutput } from './output-file.ts';
import { EXIT, UsageError, oneLine } from './usage-exit.ts';

/** Bytes read from the input at a time, and characters of labels gathered per write (about 130 labels). */
const READ_CHUNK = 1 << 20;
const WRITE_BATCH = 1 << 16;

/** The options as commander parses them (check.ts). */
export interface CheckFlags extends EngineFlags {
  setup?: string;
  out?: string;
  explain?: true;
  conversations?: true;
  dryRun?: true;
}

export async function runCheck(file: string, options: CheckFlags): Promise<void> {
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
  // The rules' line reader loads it at the first record with a deployment object; a model
  // engine and --dry-run read records elsewhere, and take seconds anyway.
  if ((options.engine ?? 'rules') !== 'rules' || options.dryRun) await loadInlineDeployments();
  const opened = await openEngine({ engine: options.engine, judgeModel: options.judgeModel, cache: options.cache });
  const engine = opened.engine.kind === 'rules' ? undefined : opened.engine;
  if (options.dryRun) {
    const plans = new PlanTally();
    const input = file === '-' ? process.stdin : createReadStream(file, { highWaterMark: READ_CHUNK });
    for await (const plan of planJsonl(byteLines(readChunks(input, source)), opened.engine, { setup })) plans.add(plan);
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
  const eachAtOnce = (output as NodeJS.WriteStream).isTTY === true || explain || engine !== undefined;
  const labels = new LineBatch(output, eachAtOnce ? 0 : WRITE_BATCH);
  const report = (result: LineResult): void => {
    tally.add(result);
    // The exit code is set as each problem is found, not only at the end: a closed pipe
    // (`felicity check … | head`) ends the process early (main.ts) with the code set so far.
    if ('problem' in result) {
      process.exitCode = EXIT.badInput;
      process.stderr.write(`${source}:${result.line}: ${result.problem.field}: ${result.problem.message}\n`);
      return;
    }
    if ('errored' in result) {
      process.stderr.write(`${source}:${result.line}: error: the model call failed (${result.errored.error}); not labelled\n`);
      return;
    }
    if ('failed' in result) {
      if (process.exitCode !== EXIT.badInput) process.exitCode = EXIT.failed;
      process.stderr.write(`${source}:${result.line}: ${result.failed.id}: ${result.failed.message}; not labelled\n`);
      return;
    }
    if (result.label.truncated) process.stderr.write(`${source}:${result.line}: warning: ${truncationWarning()}\n`);
    labels.append(`${JSON.stringify(result.label)}\n`);
    if (explain) process.stderr.write(`${formatExplanation(result.label.id, result.explanation)}\n`);
  };
  try {
    const input = readChunks(file === '-' ? process.stdin : createReadStream(file, { highWaterMark: READ_CHUNK }), source);
    const jsonl = { setup, conversations: options.conversations ?? false, explain };
    if (engine === undefined) {
      await labelChunks(input, new RulesLineReader(jsonl, report), labels);
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
  if (tally.problems > 0) process.exitCode = EXIT.badInput;
  else if (tally.judgmentsFailed > 0) process.exitCode = EXIT.failed;
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
