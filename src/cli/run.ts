/**
 * `felicity run`: the benchmark (paper §3) — every request in every condition for every model,
 * stored response by response in a SQLite database, resumable. Thin: parsing options, wiring
 * models, progress and Ctrl-C; the work is in src/benchmark/runner.ts.
 */
import { Command, InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { integerAtLeast } from './integer-option.ts';
import { FIXES } from '../benchmark/conditions.ts';
import { ENGINE_NAMES } from '../benchmark/engines.ts';
import { BUILTIN_SETUPS, SETUP_IDS } from '../setups/builtin.ts';
import { PERSONA_IDS, VARIANTS } from '../setups/deployment.ts';
import { BUNDLED_REQUEST_SET, BUNDLED_REQUESTS } from '../bundled-files.ts';
import { guarded } from './bench-errors.ts';
import { DB_HELP, DEFAULT_DB } from './export.ts';

const DEFAULT_CONFIG_FILE = 'felicity.yaml';

export const DEFAULT_REQUESTS = BUNDLED_REQUESTS;
export const DEFAULT_CONCURRENCY = 16;
/** The model clients' own default (DEFAULT_TIMEOUT_MS), not imported: `run --help` loads no client. */
export const DEFAULT_TIMEOUT_S = 120;


function number(text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError(`expected a number, got "${text}"`);
  return n;
}

function seconds(text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`expected a number of seconds > 0, got "${text}"`);
  return n;
}

/** The built-in setups and the variants, for `run --help` (the same table as the README's "Setups"). */
const SETUPS_HELP =
  '\nSetups (--setups), the tools the agent is given:\n' +
  SETUP_IDS.map((id) => `  ${id}  ${BUILTIN_SETUPS[id].title}`).join('\n') +
  '\n  or a deployment file of your own (.json, .yaml) with its tools and capability tags\n' +
  'Variants (--variants): inferred (the model sees only its tools) or stated (the system prompt also says what persists after the turn).\n' +
  'Personas (--personas): generic (a general assistant) or support (a utility company\'s support agent).\n' +
  'Fixes (--fixes): none, card (a capability card in the system prompt), guard (check each reply and rewrite failures), reanchor (make the missing call, then rewrite).';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

export function runCommand() {
  return new Command('run')
    .description('run the benchmark: every request × setup × variant × persona × fix × model × sample, stored and resumable')
    .option('--config <file>', `settings file (YAML: models, setups, variants, personas, fixes, samples, sample, judge, …); default ./${DEFAULT_CONFIG_FILE} when present; flags override it`)
    .option('--model <spec>', 'model spec, repeatable (openai:MODEL, openai-compatible:URL#MODEL, ollama:MODEL, gguf:PATH)', collect, [] as string[])
    .option('--setups <list>', 'setups, comma-separated: built-in ids and deployment files (.json, .yaml)', SETUP_IDS.join(','))
    .option('--variants <list>', 'variants, comma-separated', VARIANTS.join(','))
    .option('--personas <list>', 'personas, comma-separated', PERSONA_IDS.join(','))
    .option('--fixes <list>', `fixes, comma-separated: ${FIXES.join(', ')} (fixes other than none run on the inferred variant)`, 'none')
    .option('--samples <n>', 'samples per request and condition', integerAtLeast(1), 1)
    .addOption(new Option('--requests <file>', 'request set (JSONL request records)').default(DEFAULT_REQUESTS, BUNDLED_REQUEST_SET))
    .option('--limit <n>', 'use only the first N requests (see --sample for a representative subset)', integerAtLeast(1))
    .option('--sample <n>', 'use a sample of N requests stratified by category and source, picked by --seed (default 0); rerun with a larger N to extend the run', integerAtLeast(1))
    .option('--concurrency <n>', 'responses in flight at once (each endpoint also adapts its own limit)', integerAtLeast(1), DEFAULT_CONCURRENCY)
    .option('--db <file|url>', `${DB_HELP}; created or migrated if needed`, DEFAULT_DB)
    .option('--name <run>', 'run name; re-running a name resumes it (default: models + hash of the configuration)')
    .addOption(new Option('--judge <engine>', 'label the responses: rules as each lands; llm or hybrid once the run is done').choices(ENGINE_NAMES))
    .option('--judge-model <spec>', 'judge model for --judge llm|hybrid; its judgments are cached in the database')
    .option('--temperature <t>', 'sampling temperature', number, 0.7)
    .option('--max-tokens <n>', 'cap on generated tokens per model call', integerAtLeast(1))
    .option('--seed <n>', 'seed for --sample, and the model\'s sampling seed where the server honours one', integerAtLeast(0))
    .option('--no-thinking', 'turn thinking modes off (vLLM chat_template_kwargs, Ollama think)')
    .option('--timeout <seconds>', 'seconds one model request may take before it is cut off (and retried, up to 4 times); recorded, may change on resume', seconds, DEFAULT_TIMEOUT_S)
    .option('--summary-json <file>', 'also write the run\'s outcome counts (with --judge), errors and time as JSON (schema in the README)')
    .option('--verbose', 'print the full id of the judging engine')
    .option('--retry-errors', 'redo responses whose model call failed, replacing them')
    .option('--worker', 'be one of several processes sharing the run through --db postgres://… (start each with the same command; see `felicity status`)')
    .option('--lease-ms <ms>', "with --worker: how long a worker's claims last without a heartbeat, default 30000 (a killed worker's come back after this)", integerAtLeast(100))
    .addHelpText('after', SETUPS_HELP)
    .addHelpText(
      'after',
      '\nExample:\n  $ npx felicity run --model openai-compatible:http://localhost:8000/v1#Qwen/Qwen3-8B --setups C0,C2 --no-thinking --judge rules\n' +
        'Ctrl-C stops taking new work and lets in-flight responses finish (twice: abandon them); run the same command again to resume.',
    )
    .action(
      // The model clients, the store and the checker load when the command runs, not for `felicity --help`.
      guarded('run', async (options, command) => {
        // Which flags were typed: those override the settings file; the others' defaults do not.
        const given = new Set(command.options.map((o) => o.attributeName()).filter((name) => command.getOptionValueSource(name) === 'cli'));
        if (options.worker) {
          await (await import('./run-worker-action.ts')).executeRunWorker(options, given);
          return;
        }
        await (await import('./run-action.ts')).executeRun(options, given);
      }),
    );
}
