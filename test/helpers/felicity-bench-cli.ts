/**
 * A command-line entry with only the run, export and judge commands, for the end-to-end tests:
 * it starts the commands exactly as `felicity` does, without depending on the other commands.
 */
import { Command } from '@commander-js/extra-typings';
import { usageErrorsExitBadInput } from '../../src/cli/exit-codes.ts';
import { exportCommand } from '../../src/cli/export.ts';
import { judgeCommand } from '../../src/cli/judge.ts';
import { runCommand } from '../../src/cli/run.ts';

const program = new Command('felicity').showHelpAfterError('(run with --help for usage)');
program.addCommand(runCommand()).addCommand(exportCommand()).addCommand(judgeCommand());
usageErrorsExitBadInput(program);
await program.parseAsync(process.argv);
