/**
 * `felicity deployment init TOOLS.json`: drafts a deployment file from an agent's tool schemas
 * (OpenAI `tools` array or MCP `tools/list` result), with felicity's guessed capability tags
 * marked for the user to confirm. Thin: read the file, call the setups library, write the YAML.
 */
import { Command } from '@commander-js/extra-typings';
import fs from 'node:fs';
// A type only: the action module itself loads when the command runs.
import type { DeploymentIO } from './deployment-action.ts';

const processIO: DeploymentIO = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  fail: (code) => {
    process.exitCode = code;
  },
  stdin: () => fs.readFileSync(0, 'utf8'),
};

const EXAMPLE = `
Examples:
  $ npx felicity deployment init tools.json --out my-agent.yaml
  $ npx felicity deployment init - < mcp-tools-list.json > my-agent.yaml

TOOLS.json is an OpenAI tools array ([{"type": "function", "function": {...}}]), an MCP tools/list
result ({"tools": [...]}) or an array of MCP tools. Every tool is drafted with its description,
parameters, guessed capability tags and what a call performs, each guess marked with a comment.`;

export function deploymentCommand(io: DeploymentIO = processIO) {
  const init = new Command('init')
    .description('draft a deployment file from tool schemas (OpenAI tools or MCP tools/list), tags marked as guesses')
    .argument('<tools>', 'JSON file with the tool schemas, or - for stdin')
    .option('--out <file>', 'write the draft here (.yaml or .yml) instead of stdout')
    .option('--force', 'overwrite --out when it exists')
    .option('--id <id>', 'the deployment id (default: from the --out or input file name)')
    .addHelpText('after', EXAMPLE)
    // The drafting code loads when the command runs, not for `felicity --help`.
    .action(async (file, options) => (await import('./deployment-action.ts')).runInit(file, options, io));
  return new Command('deployment').description('work with deployment files').addCommand(init);
}
