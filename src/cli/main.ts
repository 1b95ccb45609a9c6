/**
 * The `felicity` command line: one thin file per command, each exporting a commander Command.
 */
import { Command } from '@commander-js/extra-typings';
import { usageErrorsExitBadInput } from './exit-codes.ts';
import { chatCommand } from './chat.ts';
import { checkCommand } from './check.ts';
import { deploymentCommand } from './deployment.ts';
import { exportCommand } from './export.ts';
import { judgeCommand } from './judge.ts';
import { reportCommand } from './report.ts';
import { requestsCommand } from './requests.ts';
import { runCommand } from './run.ts';
import { validateCommand } from './validate.ts';

// A closed pipe (`felicity check … | head`) ends output quietly, as Unix tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const program = new Command('felicity')
  .description('Find, measure and prevent empty commitments in AI agents.')
  .version('0.1.0')
  .showHelpAfterError('(run with --help for usage)');

program
  .addCommand(checkCommand())
  .addCommand(chatCommand())
  .addCommand(deploymentCommand())
  .addCommand(runCommand())
  .addCommand(exportCommand())
  .addCommand(judgeCommand())
  .addCommand(reportCommand())
  .addCommand(requestsCommand())
  .addCommand(validateCommand());

usageErrorsExitBadInput(program);
await program.parseAsync(process.argv);
