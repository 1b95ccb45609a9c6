/**
 * A command-line entry with only the report command, for the end-to-end tests: it starts the
 * command exactly as `felicity report` does, without depending on the other commands.
 */
import { Command } from '@commander-js/extra-typings';
import { reportCommand } from '../../src/cli/report.ts';

const program = new Command('felicity').showHelpAfterError('(run with --help for usage)');
program.addCommand(reportCommand());
await program.parseAsync(process.argv);
