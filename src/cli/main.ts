/**
 * The `felicity` command line: one thin file per command, each exporting a commander Command.
 * Only the command being run is loaded (start-up time and memory for every `felicity check`);
 * `felicity --help`, a bare `felicity` or an unknown name loads them all; `--version` loads none.
 * A command's file holds only its definition (options, help): what it does is in its
 * `*-action.ts`, loaded when it runs, so that every help stays light.
 */
import { Command } from '@commander-js/extra-typings';
import { readFileSync } from 'node:fs';
import { bundledFile } from '../bundled-files.ts';
import { EXIT, usageErrorsExitBadInput } from './usage-exit.ts';
// A closed pipe (`felicity check … | head`) ends output quietly, as Unix tools do, keeping the
// exit code of what was found so far. Any other failure to write stdout (a full disk behind `>`)
// is one line and bad input, as for --out.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  const why = error.code === 'ENOSPC' ? 'no space left on device (ENOSPC)' : (error.code ?? error.message);
  process.stderr.write(`felicity: cannot write to stdout: ${why}\n`);
  process.exit(EXIT.badInput);
});

const program = new Command('felicity')
  .description('Find, measure and prevent empty commitments in AI agents.')
  .version((JSON.parse(readFileSync(bundledFile('package.json'), 'utf8')) as { version: string }).version)
  .showHelpAfterError('(run with --help for usage)');

const COMMANDS = {
  check: async () => (await import('./check.ts')).checkCommand(),
  chat: async () => (await import('./chat.ts')).chatCommand(),
  deployment: async () => (await import('./deployment.ts')).deploymentCommand(),
  run: async () => (await import('./run.ts')).runCommand(),
  export: async () => (await import('./export.ts')).exportCommand(),
  judge: async () => (await import('./judge.ts')).judgeCommand(),
  report: async () => (await import('./report.ts')).reportCommand(),
  requests: async () => (await import('./requests.ts')).requestsCommand(),
  validate: async () => (await import('./validate.ts')).validateCommand(),
  prevalence: async () => (await import('./prevalence.ts')).prevalenceCommand(),
  annotate: async () => (await import('./annotate.ts')).annotateCommand(),
  dailydialog: async () => (await import('./dailydialog.ts')).dailydialogCommand(),
  view: async () => (await import('./view.ts')).viewCommand(),
  guard: async () => (await import('./guard.ts')).guardCommand(),
  status: async () => (await import('./status.ts')).statusCommand(),
};
// `--version` wherever commander takes it prints and exits here, before any command is loaded:
// the program's own options are parsed the same way with or without its commands added.
usageErrorsExitBadInput(program);
program.parseOptions(process.argv.slice(2));

const asked = process.argv[2];
const names = asked !== undefined && Object.hasOwn(COMMANDS, asked) ? [asked as keyof typeof COMMANDS] : (Object.keys(COMMANDS) as (keyof typeof COMMANDS)[]);
// `felicity check` alone loads the schema for deployments inside records only when a record has one.
if (asked === 'check') (await import('../check/inline-deployments.ts')).deferInlineDeployments();
for (const name of names) program.addCommand(await COMMANDS[name]());

usageErrorsExitBadInput(program);
await program.parseAsync(process.argv);
