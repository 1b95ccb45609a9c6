/**
 * `felicity check [FILE|-]`: turn records in, label records out (SPEC §4), same order. Thin: the
 * work is in src/check. Bad lines are reported on stderr with file, line and field; every good
 * line is still labelled; the exit code is 2 when any line was bad. Responses whose model call
 * failed are reported and counted, not labelled. `--engine llm|hybrid` labels with a judge model
 * (a failed judgment leaves its turn unlabelled and the exit code 1).
 */
import { Command, Option } from '@commander-js/extra-typings';
import { createReadStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { checkJsonl, OutcomeTally, RulesLineReader, truncationWarning, type LineResult } from '../check/check-jsonl.ts';
import { formatExplanation } from '../check/explanation.ts';
import { planJsonl } from '../check/engines/plan-jsonl.ts';
import { loadInlineDeployments } from '../check/inline-deployments.ts';
import { DeploymentError } from '../setups/deployment-error.ts';
import type { Deployment } from '../setups/deployment.ts';
import { guarded } from './bench-errors.ts';
import { byteLines, LineBatch } from './byte-lines.ts';
import { EXIT, UsageError, oneLine } from './usage-exit.ts';
import { ENGINE_KINDS, judgingSummary, openEngine, PlanTally } from './judge-engine.ts';
import { labelChunks } from './label-chunks.ts';
import { openOutput } from './output-file.ts';

/** Bytes read from the input at a time, and characters of labels gathered per write (about 130 labels). */
const READ_CHUNK = 1 << 20;
const WRITE_BATCH = 1 << 16;

export function checkCommand() {
  return new Command('check')
    .description('label each agent turn: commitments, feasibility, anchoring, the five booleans and the outcome')
    .argument('[file]', 'turn records as JSON Lines, or - for stdin', '-')
    .option('--setup <id|file>', 'deployment for records that name none: C0…C4 or a JSON/YAML deployment file')
    .option('--out <file>', 'write label records here instead of stdout (in full or not at all; never the input)')
    .option('--explain', 'print each turn\'s spans and fired rules to stderr')
    .option('--conversations', 'each line is a whole conversation ({id, setup?, messages}): one label per assistant turn')
    .addOption(new Option('--engine <engine>', 'rules (offline, default), llm (a judge model labels every turn) or hybrid (the model only where the rules are unsure)').choices(ENGINE_KINDS))
    .option('--judge-model <spec>', 'judge model for --engine llm|hybrid (openai:MODEL, openai-compatible:URL#MODEL, ollama:MODEL)')
    .option('--cache <file>', 'judge cache file (default ~/.cache/felicity/judge-cache.jsonl)')
    .option('--no-cache', 'ask the judge model for every judgment')
    .option('--dry-run', 'say how many judge calls and tokens labelling would take, and stop')
    .addHelpText('after', '\nExamples:\n  $ npx felicity check examples/turns.jsonl\n  $ npx felicity check logs.jsonl --setup my-agent.yaml --out labels.jsonl --explain\n  $ npx felicity check --conversations chats.jsonl --setup my-agent.yaml')
    .action(
      guarded('check', async (file, options) => {
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
          if ('problem' in result) {
            process.stderr.write(`${source}:${result.line}: ${result.problem.field}: ${result.problem.message}\n`);
            return;
          }
          if ('errored' in result) {
            process.stderr.write(`${source}:${result.line}: error: the model call failed (${result.errored.error}); not labelled\n`);
            return;
          }
          if ('failed' in result) {
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
      }),
    );
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
