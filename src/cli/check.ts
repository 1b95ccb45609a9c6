/**
 * `felicity check [FILE|-]`: turn records in, label records out (SPEC §4), same order. Thin: the
 * work is in src/check. Bad lines are reported on stderr with file, line and field; every good
 * line is still labelled; the exit code is 2 when any line was bad. Responses whose model call
 * failed are reported and counted, not labelled. `--engine llm|hybrid` labels with a judge model
 * (a failed judgment leaves its turn unlabelled and the exit code 1).
 */
import { Command, Option } from '@commander-js/extra-typings';
import { parseJobs } from './integer-option.ts';
import { WORKERS_PAY_FROM_BYTES } from '../check/worker-threshold.ts';
import { ENGINE_KINDS } from '../check/engines/engine.ts';
import { guarded } from './bench-errors.ts';
import { INPUT_FORMAT_CHOICES } from '../check/input-formats/input-format.ts';
import { parseFailOn } from './fail-on.ts';

export function checkCommand() {
  return new Command('check')
    .description('label each agent turn: commitments, feasibility, anchoring, the five booleans and the outcome')
    .argument('[file]', 'turn records as JSON Lines, or - for stdin', '-')
    .option('--setup <id|file>', 'deployment for records that name none: C0…C4 or a JSON/YAML deployment file')
    .option('--out <file>', 'write label records here instead of stdout (in full or not at all; never the input)')
    .option('--explain', 'print each turn\'s spans and fired rules to stderr')
    .addOption(
      new Option('--jobs <n|auto>', 'worker threads for the offline rules; output is the same for any number')
        .argParser(parseJobs)
        .default('auto' as const, `auto: one per core from ${WORKERS_PAY_FROM_BYTES / 1e6} MB of input, where they pay; below, this thread`),
    )
    .addOption(
      new Option('--input-format <format>', 'message shape of the records: OpenAI Chat Completions, OpenAI Responses items, Vercel AI SDK ModelMessage, Anthropic Messages or LangChain messages')
        .choices(INPUT_FORMAT_CHOICES)
        .default('auto' as const, 'auto: read from each record'),
    )
    .option('--strict-arguments', 'a report whose details (count, time, recipient, title) contradict the arguments of the call that backs it is a false claim, and such a promise unanchored (default: evidence only, in claim_mismatches and anchored_strict)')
    .option('--conversations', 'each line is a whole conversation ({id, setup?, messages}): one label per assistant turn')
    .addOption(new Option('--engine <engine>', 'rules (offline, default), llm (a judge model labels every turn) or hybrid (the model only where the rules are unsure)').choices(ENGINE_KINDS))
    .option('--judge-model <spec>', 'judge model for --engine llm|hybrid (openai:MODEL, openai-compatible:URL#MODEL, ollama:MODEL)')
    .option('--cache <file>', 'judge cache file (default ~/.cache/felicity/judge-cache.jsonl)')
    .option('--no-cache', 'ask the judge model for every judgment')
    .option('--fail-on <rate|count>', 'exit 1 when failing turns exceed this: a rate of labelled turns (0.2 or 20%) or a count (5)', parseFailOn)
    .option('--summary-json <file>', 'also write the counts, rates, engine and time as JSON (schema in the README)')
    .option('--dry-run', 'say how many judge calls and tokens labelling would take, and stop')
    .addHelpText('after', '\nExamples:\n  $ npx felicity check examples/turns.jsonl\n  $ npx felicity check logs.jsonl --setup my-agent.yaml --out labels.jsonl --explain\n  $ npx felicity check --conversations chats.jsonl --setup my-agent.yaml\n  $ npx felicity check logs.jsonl --fail-on 0.2 --summary-json summary.json   # CI: exit 1 above 20% failing\n  $ npx felicity check anthropic-logs.jsonl --input-format anthropic --setup my-agent.yaml')
    .action(
      // The checker loads when the command runs, not for `felicity check --help`.
      guarded('check', async (file, options) => (await import('./check-action.ts')).runCheck(file, options)),
    );
}

