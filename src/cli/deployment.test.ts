import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILTIN_SETUPS, openAITools, parseDeploymentText } from '../setups/index.ts';
import { idFromFileName } from './deployment-action.ts';
import { deploymentCommand } from './deployment.ts';

interface Ran {
  stdout: string;
  stderr: string;
  code: number;
}

async function init(args: string[], stdin = ''): Promise<Ran> {
  const ran: Ran = { stdout: '', stderr: '', code: 0 };
  const command = deploymentCommand({
    out: (text) => void (ran.stdout += text),
    err: (text) => void (ran.stderr += text),
    fail: (code) => void (ran.code = code),
    stdin: () => stdin,
  });
  command.exitOverride();
  await command.parseAsync(['init', ...args], { from: 'user' });
  return ran;
}

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'felicity-init-'));
}

function writeJson(dir: string, name: string, value: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

describe('felicity deployment init', () => {
  test("the built-in setups' own tool schemas, as OpenAI tools arrays, get back exactly their tags", async () => {
    const dir = tempDir();
    for (const setup of Object.values(BUILTIN_SETUPS)) {
      // The support persona is offered every tool (lookup_account is support-only).
      const file = writeJson(dir, `${setup.id}.json`, openAITools(setup, 'support'));
      const ran = await init([file]);
      assert.equal(ran.code, 0, ran.stderr);
      const drafted = parseDeploymentText(ran.stdout, 'draft.yaml');
      assert.equal(drafted.id, setup.id);
      assert.deepEqual(
        drafted.tools.map((tool) => [tool.name, tool.capabilities]),
        setup.tools.map((tool) => [tool.name, tool.capabilities]),
        setup.id,
      );
      assert.deepEqual(drafted.persistence, setup.persistence, setup.id);
    }
  });

  test('an MCP tools/list result from stdin', async () => {
    const mcp = { tools: [{ name: 'transfer_to_human_agents', description: 'Transfer the user to a human agent.', inputSchema: { type: 'object', properties: {} } }] };
    const ran = await init(['-'], JSON.stringify(mcp));
    assert.equal(ran.code, 0, ran.stderr);
    const drafted = parseDeploymentText(ran.stdout, 'draft.yaml');
    assert.equal(drafted.id, 'my-agent');
    assert.deepEqual(drafted.tools[0]!.capabilities, ['delegate_to_human']);
    assert.match(ran.stderr, /1 tools drafted, 1 with guessed tags; confirm every "guess" comment/);
  });

  test('--out writes the file, names the deployment after it, and will not overwrite it without --force', async () => {
    const dir = tempDir();
    const tools = writeJson(dir, 'tools.json', openAITools(BUILTIN_SETUPS.C4, 'generic'));
    const out = path.join(dir, 'help-desk.yaml');
    const first = await init([tools, '--out', out]);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.stdout, '');
    assert.equal(parseDeploymentText(fs.readFileSync(out, 'utf8'), out).id, 'help-desk');
    // Nothing but the file itself is left in the folder (no temp files).
    assert.deepEqual(fs.readdirSync(dir).sort(), ['help-desk.yaml', 'tools.json']);

    fs.writeFileSync(out, 'edited by hand\n');
    const again = await init([tools, '--out', out]);
    assert.equal(again.code, 2);
    assert.equal(again.stderr, `felicity deployment init: --out ${out}: the file exists (pass --force to overwrite it)\n`);
    assert.equal(fs.readFileSync(out, 'utf8'), 'edited by hand\n');

    const forced = await init([tools, '--out', out, '--force', '--id', 'desk']);
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(parseDeploymentText(fs.readFileSync(out, 'utf8'), out).id, 'desk');
  });

  test('bad input: one line naming the file and the field, exit code 2', async () => {
    const dir = tempDir();
    const cases: [string, RegExp][] = [
      [path.join(dir, 'missing.json'), /^felicity deployment init: .*missing\.json: no such file\n$/],
      [writeJson(dir, 'object.json', { functions: [] }), /^felicity deployment init: .*object\.json: not a list of tools \(expected an OpenAI tools array/],
      [
        writeJson(dir, 'unnamed.json', [{ type: 'function', function: { description: 'x' } }]),
        /^felicity deployment init: .*unnamed\.json: \[0\]\.function\.name: missing tool name \(expected a tool name, got nothing\)\n$/,
      ],
    ];
    const broken = path.join(dir, 'broken.json');
    fs.writeFileSync(broken, '[\n  {"type": "function",\n  }\n]');
    cases.push([broken, /^felicity deployment init: .*broken\.json: invalid JSON at line 3, column 3/]);
    for (const [file, expected] of cases) {
      const ran = await init([file]);
      assert.equal(ran.code, 2, file);
      assert.match(ran.stderr, expected);
      assert.equal(ran.stdout, '');
    }
    const json = await init([writeJson(dir, 't.json', []), '--out', path.join(dir, 'out.json')]);
    assert.equal(json.code, 2);
    assert.match(json.stderr, /name a \.yaml or \.yml file/);
  });

  test('tools that cannot be read are reported; the others are still drafted, and the exit code is 2', async () => {
    const dir = tempDir();
    const file = writeJson(dir, 'mixed.json', { tools: [{ name: 'send_sms', description: 'Sends an SMS.' }, { description: 'no name' }] });
    const ran = await init([file]);
    assert.equal(ran.code, 2);
    assert.match(ran.stderr, /mixed\.json: tools\[1\]\.name: missing tool name/);
    assert.deepEqual(parseDeploymentText(ran.stdout, 'd.yaml').tools.map((t) => [t.name, t.capabilities]), [['send_sms', ['send_sms']]]);
  });

  test('deployment ids from file names', () => {
    assert.equal(idFromFileName('./agents/My Agent.yaml'), 'My-Agent');
    assert.equal(idFromFileName('tools.json'), 'tools');
    assert.equal(idFromFileName('-.yaml'), 'my-agent');
    assert.equal(idFromFileName(''), 'my-agent');
  });
});
