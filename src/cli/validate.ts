/**
 * `felicity validate --gold FILE [--labels FILE | --engine …]`: agreement of a checker with human
 * labels in the LABELING.md format (paper §5.6, Table 6), pooled, per setup and per model. Thin:
 * reading and labelling are in src/check/validate-gold.ts, the scorer in src/stats/validation.ts.
 */
import { Command, Option } from '@commander-js/extra-typings';
import { ENGINE_KINDS } from '../check/engines/engine.ts';

export function validateCommand() {
  return new Command('validate')
    .description('agreement with human labels: outcome accuracy and κ, failure precision/recall, detector, feasibility, booleans')
    .requiredOption('--gold <file>', 'human-labelled turns (JSON Lines with a "gold" field, docs/formats.md)')
    .option('--labels <file>', 'score these label records (joined by id) instead of labelling with an engine')
    .addOption(new Option('--engine <engine>', 'label the gold turns with this engine (default rules)').choices(ENGINE_KINDS))
    .option('--judge-model <spec>', 'judge model for --engine llm|hybrid (openai:MODEL, openai-compatible:URL#MODEL, ollama:MODEL)')
    .option('--cache <file>', 'judge cache file (default ~/.cache/felicity/judge-cache.jsonl)')
    .option('--no-cache', 'ask the model for every judgment')
    .option('--setup <id|file>', 'deployment for items that name none: C0…C4 or a JSON/YAML deployment file')
    .option('--dry-run', 'say how many model calls and tokens labelling would take, and stop')
    .option('--json', 'print the report as JSON')
    .option('--mismatches', 'list the items whose outcome differs, with both labels')
    .addHelpText(
      'after',
      '\nExamples:\n  $ npx felicity validate --gold ../shared/examples/dev.jsonl\n' +
        '  $ npx felicity validate --gold gold.jsonl --labels labels.jsonl --json\n' +
        '  $ npx felicity validate --gold gold.jsonl --engine hybrid --judge-model ollama:qwen3:8b',
    )
    // The checker loads when the command runs, not for `felicity --help`.
    .action(async (options) => (await import('./validate-action.ts')).runValidate(options));
}
