/**
 * `felicity requests`: validate, describe and extend the benchmark's request set (SPEC §4, paper
 * §3.2). Thin: reading input and printing; the work is in src/benchmark/requests.
 */
import { Argument, Command, Option } from '@commander-js/extra-typings';
import type { Corpus } from '../benchmark/requests/corpus-rows.ts';
import { NEAR_DUPLICATE_THRESHOLD } from '../benchmark/requests/near-duplicates.ts';
import { BUNDLED_REQUEST_SET, BUNDLED_REQUESTS } from '../bundled-files.ts';
// A type only: the action module itself loads when a subcommand runs.
import type { RequestsIO } from './requests-action.ts';
import { oneLine } from './usage-exit.ts';

export const DEFAULT_REQUEST_FILE = BUNDLED_REQUESTS;

async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const processIO: RequestsIO = {
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
  readStdin: readAllStdin,
  setExitCode: (code) => {
    process.exitCode = code;
  },
};

/** Runs an action; bad input (a request file, an --out) becomes one line on stderr and exit code 2. */
function guarded<A extends unknown[]>(io: RequestsIO, action: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await action(...args);
    } catch (err) {
      // The error classes load only when a command fails: exit-codes.ts imports every one of them.
      const { exitCodeFor } = await import('./exit-codes.ts');
      const code = exitCodeFor(err);
      if (code === undefined) throw err;
      io.stderr(`felicity requests: ${oneLine(err as Error)}\n`);
      io.setExitCode(code);
    }
  };
}

function validateCommand(io: RequestsIO) {
  return new Command('validate')
    .description(
      `check a request file: schema, categories, duplicate ids, emails/phones/URLs/identifiers, unfilled placeholders, ` +
        `near-duplicate requests (token Jaccard >= ${NEAR_DUPLICATE_THRESHOLD}), contexts shared by 3+ requests, contexts that mention tools or persistence`,
    )
    .addArgument(new Argument('[file]', 'request JSONL file, or - for stdin').default(DEFAULT_REQUEST_FILE, BUNDLED_REQUEST_SET))
    .addHelpText('after', '\nExample:\n  $ npx felicity requests validate data/requests/v1.jsonl\n  $ cat mine.jsonl | npx felicity requests validate -\n\nExit code 2 if any problem; each problem is one line on stderr: FILE:LINE: FIELD: REASON.')
    .action(
      guarded(io, async (file: string) => (await import('./requests-action.ts')).validateRequestFile(io, file)),
    );
}

function statsCommand(io: RequestsIO) {
  return new Command('stats')
    .description('composition of a request set (category x source, with totals) and its version hash')
    .addArgument(new Argument('[file]', 'request JSONL file, or - for stdin').default(DEFAULT_REQUEST_FILE, BUNDLED_REQUEST_SET))
    .option('--json', 'print the composition and hash as one JSON object instead of a table')
    .addHelpText('after', '\nExample:\n  $ npx felicity requests stats data/requests/v1.jsonl\n  $ npx felicity requests stats --json data/requests/v1.jsonl | jq .hash')
    .action(
      guarded(io, async (file: string, opts: { json?: true }) => (await import('./requests-action.ts')).describeRequestFile(io, file, opts)),
    );
}

const MINE_SOURCES = ['slurp', 'massive', 'bitext'] as const;

function mineCommand(io: RequestsIO) {
  return new Command('mine')
    .description('keyword-filter a public corpus into candidate requests (with category guess and provenance) for human review')
    .addOption(new Option('--from <corpus>', 'corpus shape of FILE').choices(MINE_SOURCES).makeOptionMandatory())
    .argument('<file>', 'SLURP jsonl or lm.txt, MASSIVE jsonl (English rows), or Bitext CSV; - for stdin')
    .option('--out <file>', 'write candidates here instead of stdout')
    .addHelpText(
      'after',
      '\nExample:\n  $ npx felicity requests mine --from slurp ../slurp/dataset/slurp/train.jsonl --out candidates.jsonl\n  $ npx felicity requests mine --from massive massive/data/en-US.jsonl\n  $ npx felicity requests mine --from bitext Bitext_Sample_Customer_Support_Training_Dataset.csv',
    )
    .action(
      guarded(io, async (file: string, opts: { from: Corpus; out?: string }) => (await import('./requests-action.ts')).mineRequestFile(io, file, opts)),
    );
}

export function requestsCommand(io: RequestsIO = processIO): Command {
  return new Command('requests')
    .description('validate, describe and mine benchmark request sets')
    .addHelpText('after', '\nExample:\n  $ npx felicity requests validate\n  $ npx felicity requests stats data/requests/v1.jsonl')
    .addCommand(validateCommand(io))
    .addCommand(statsCommand(io))
    .addCommand(mineCommand(io));
}
