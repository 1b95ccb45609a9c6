/**
 * `felicity check [FILE|-]`: turn records in, label records out (SPEC §4), same order. Thin: the
 * work is in src/check. Bad lines are reported on stderr with file, line and field; every good
 * line is still labelled; the exit code is 2 when any line was bad.
 */
import { Command } from '@commander-js/extra-typings';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { checkJsonl, formatExplanation, OutcomeTally } from '../check/index.ts';
import { DeploymentError } from '../setups/deployment-error.ts';
import type { Deployment } from '../setups/deployment.ts';
import { resolveSetup } from '../setups/load-deployment.ts';

export function checkCommand() {
  return new Command('check')
    .description('label each agent turn: commitments, feasibility, anchoring, the five booleans and the outcome')
    .argument('[file]', 'turn records as JSON Lines, or - for stdin', '-')
    .option('--setup <id|file>', 'deployment for records that name none: C0…C4 or a JSON/YAML deployment file')
    .option('--out <file>', 'write label records here instead of stdout')
    .option('--explain', 'print each turn\'s spans and fired rules to stderr')
    .addHelpText('after', '\nExamples:\n  $ felicity check examples/turns.jsonl\n  $ felicity check logs.jsonl --setup my-agent.yaml --out labels.jsonl --explain')
    .action(async (file, options) => {
      let setup: Deployment | undefined;
      if (options.setup) {
        try {
          setup = await resolveSetup(options.setup);
        } catch (error) {
          if (!(error instanceof DeploymentError) && !(error instanceof Error && 'code' in error)) throw error;
          // One line: the first problem, and how many more the file has.
          const [first, ...more] = (error as Error).message.split('\n');
          process.stderr.write(`felicity check: --setup: ${first}${more.length ? ` (and ${more.length} more)` : ''}\n`);
          process.exitCode = 2;
          return;
        }
      }
      const source = file === '-' ? 'stdin' : file;
      const input = file === '-' ? process.stdin : createReadStream(file);
      input.on('error', (error: Error) => {
        process.stderr.write(`felicity check: cannot read ${source}: ${error.message}\n`);
        process.exit(2);
      });
      const output: Writable = options.out ? createWriteStream(options.out) : process.stdout;
      const tally = new OutcomeTally();
      for await (const result of checkJsonl(createInterface({ input, crlfDelay: Infinity }), { setup })) {
        tally.add(result);
        if ('problem' in result) {
          process.stderr.write(`${source}:${result.line}: ${result.problem.field}: ${result.problem.message}\n`);
          continue;
        }
        if (!output.write(`${JSON.stringify(result.label)}\n`)) await once(output, 'drain');
        if (options.explain) process.stderr.write(`${formatExplanation(result.label.id, result.explanation)}\n`);
      }
      if (output !== process.stdout) output.end();
      process.stderr.write(`felicity check: ${tally.format()}\n`);
      if (tally.problems > 0) process.exitCode = 2;
    });
}
