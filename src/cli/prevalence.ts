/**
 * `felicity prevalence LOGS`: how often an assistant's real chat logs hold empty commitments and
 * false action claims (paper Appendix G), two-stage, per stratum with bootstrap intervals, and
 * corrected for the checker's error with `--calibration`. What it does is in prevalence-action.ts.
 */
import { Command, InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { ENGINE_KINDS } from '../check/engines/engine.ts';
import { integerAtLeast, parseJobs } from './integer-option.ts';

function fieldValue(text: string, previous: Record<string, string> = {}): Record<string, string> {
  const at = text.indexOf('=');
  if (at <= 0) throw new InvalidArgumentError(`expected FIELD=VALUE, got "${text}"`);
  return { ...previous, [text.slice(0, at)]: text.slice(at + 1) };
}

export function prevalenceCommand() {
  return new Command('prevalence')
    .description('rates of empty commitments and false action claims in chat logs (two-stage, per stratum, bootstrap intervals), corrected with human labels')
    .argument('[logs]', 'chat logs, JSON Lines: OpenAI-style {"messages"}, ShareGPT {"conversations"} or WildChat {"conversation"} records')
    .option('--sample <n>', 'non-cue turns to judge, in all (default 2000; "all" judges every turn)', '2000')
    .option('--seed <n>', 'seed of the sample and the bootstrap', integerAtLeast(0), 20261001)
    .option('--strata <field>', 'record field naming a turn\'s stratum', 'model')
    .option('--only <field=value>', 'keep only turns whose record has this field value (repeatable)', fieldValue)
    .option('--cue <regex>', 'replies matching this (case-insensitive) are always judged (default: the cue words of the shipped WildChat sample)')
    .addOption(new Option('--engine <engine>', 'checking engine (default rules)').choices(ENGINE_KINDS))
    .option('--judge-model <spec>', 'judge model for --engine llm|hybrid')
    .option('--cache <file>', 'judge cache file (default ~/.cache/felicity/judge-cache.jsonl)')
    .option('--no-cache', 'ask the model for every judgment')
    .option('--jobs <n|auto>', 'worker threads for the rules engine (default auto: one per core on batches large enough for them to pay)', parseJobs)
    .option('--reps <n>', 'bootstrap replicates', integerAtLeast(100), 1000)
    .option('--dry-run', 'say how many turns and model calls judging would take, and stop')
    .option('--calibration <file>', 'human labels (turn records with "gold", docs/formats.md) on a sample of the same logs: report corrected rates')
    .option('--json <file>', 'write the whole estimate as JSON')
    .option('--figure <file>', 'write the figure (.svg or .png)')
    .option('--db <url>', 'PostgreSQL database (postgres://…) where workers share a large audit (with --worker or --collect)')
    .option('--worker', 'work on the audit of LOGS with other workers: claim byte ranges, then print the estimate when all are done (every worker runs the same command; LOGS must be the same file at the same path for each)')
    .option('--name <audit>', 'the shared audit\'s name (default: from the file and the options)')
    .option('--chunk-bytes <n>', 'bytes of LOGS per range when this worker creates the audit', integerAtLeast(1), 64 * 1024 * 1024)
    .option('--lease <seconds>', 'a worker\'s hold on a range, renewed while it works; a killed worker\'s range is taken over after it', integerAtLeast(1), 60)
    .option('--collect', 'print the estimate of the finished audit --name from the database')
    .addHelpText(
      'after',
      '\nExamples:\n  $ npx felicity prevalence logs.jsonl\n' +
        '  $ npx felicity prevalence logs.jsonl --only language=English --calibration labelled.jsonl --figure prevalence.svg\n' +
        '  $ npx felicity prevalence logs.jsonl --engine hybrid --judge-model ollama:qwen3:8b --dry-run\n' +
        '  $ npx felicity prevalence /shared/logs.jsonl --db postgres://host/felicity --worker   (on each machine)\n' +
        '  $ npx felicity prevalence --db postgres://host/felicity --name AUDIT --collect',
    )
    .action(async (logs, options, command) => {
      if (options.db !== undefined || options.worker || options.collect) return (await import('./prevalence-worker-action.ts')).runPrevalenceWorkerCommand(logs, options);
      if (logs === undefined) return command.error("error: missing required argument 'logs'", { exitCode: 2, code: 'commander.missingArgument' });
      return (await import('./prevalence-action.ts')).runPrevalenceCommand(logs, options);
    });
}
