import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILTIN_SETUPS } from './builtin.ts';
import { DeploymentError } from './deployment-error.ts';
import { loadDeploymentFile, loadDeploymentFileSync, resolveSetup, resolveSetupSync } from './load-deployment.ts';

let dir: string;
const file = (name: string) => join(dir, name);

const YAML_SETUP = `# a clinic assistant
id: clinic
tools:
  - name: book_callback
    description: Asks the front desk to call the patient back.
    capabilities: [delegate_to_human]
    parameters:
      type: object
      properties:
        when: { type: string, description: When to call. }
      required: [when]
`;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'felicity-setups-'));
  await writeFile(file('clinic.yaml'), YAML_SETUP);
  await writeFile(file('clinic.json'), JSON.stringify({ id: 'clinic', tools: [{ name: 'book_callback', capabilities: ['delegate_to_human'] }] }, null, 2));
  await writeFile(file('bad-tag.yml'), 'id: x\ntools:\n  - name: mailer\n    capabilities: [emial]\n');
  await writeFile(file('broken.yaml'), 'id: x\ntools: [\n  - name: a\nfoo: 1\n');
  await writeFile(file('broken.json'), '{\n  "id": "x",\n  "tools": [\n    {"name": "a",}\n  ]\n}\n');
  await writeFile(file('token.json'), '{\n  "id": "x",\n  "tools": }\n');
  await writeFile(file('setup.txt'), 'id: x');
});
after(async () => rm(dir, { recursive: true, force: true }));

async function rejection(promise: Promise<unknown>): Promise<DeploymentError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof DeploymentError, `expected a DeploymentError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a rejection');
}

describe('loadDeploymentFile', () => {
  test('reads YAML and JSON into the same validated deployment', async () => {
    const fromYaml = await loadDeploymentFile(file('clinic.yaml'));
    const fromJson = await loadDeploymentFile(file('clinic.json'));
    assert.equal(fromYaml.id, 'clinic');
    assert.equal(fromYaml.persistence.obligates_people, true);
    assert.deepEqual(fromJson.persistence, fromYaml.persistence);
    assert.deepEqual(loadDeploymentFileSync(file('clinic.yaml')), fromYaml);
  });

  test('validation errors name the file', async () => {
    const error = await rejection(loadDeploymentFile(file('bad-tag.yml')));
    assert.equal(error.file, file('bad-tag.yml'));
    assert.match(error.message, /bad-tag\.yml: tools\[0\]\.capabilities\[0\]: unknown capability "emial"/);
  });

  test('YAML syntax errors name the line', async () => {
    const error = await rejection(loadDeploymentFile(file('broken.yaml')));
    assert.match(error.message, /broken\.yaml: invalid YAML at line \d+, column \d+: /);
  });

  test('JSON syntax errors name the line, including those Node reports without a position', async () => {
    assert.match((await rejection(loadDeploymentFile(file('broken.json')))).message, /broken\.json: invalid JSON at line 4, column 18: /);
    const token = (await rejection(loadDeploymentFile(file('token.json')))).message;
    assert.match(token, /token\.json: invalid JSON at line 3, column 12: Unexpected token/);
    assert.ok(!token.includes('"id"'), 'the source text is not copied into the message');
  });

  test('a missing file or an unsupported extension', async () => {
    assert.match((await rejection(loadDeploymentFile(file('none.yaml')))).message, /none\.yaml: no such file/);
    assert.match((await rejection(loadDeploymentFile(file('setup.txt')))).message, /setup\.txt: unsupported file type \(expected a \.json, \.yaml or \.yml file\)/);
  });
});

describe('resolveSetup', () => {
  test('a built-in id, in any case', async () => {
    assert.equal(await resolveSetup('C2'), BUILTIN_SETUPS.C2);
    assert.equal(await resolveSetup('c3'), BUILTIN_SETUPS.C3);
    assert.equal(resolveSetupSync('c4'), BUILTIN_SETUPS.C4);
  });

  test('a path to a deployment file', async () => {
    assert.equal((await resolveSetup(file('clinic.yaml'))).id, 'clinic');
    assert.equal(resolveSetupSync(file('clinic.json')).id, 'clinic');
  });

  test('an inline deployment object, as a turn record may embed it', async () => {
    const inline = { id: 'inline', tools: [{ name: 'remind', capabilities: ['run_later', 'notify_user_later'] }] };
    assert.equal((await resolveSetup(inline)).persistence.schedules_future, true);
    assert.throws(() => resolveSetupSync({ tools: [] }), /deployment: id: missing/);
  });

  test('an unknown id that is not a file lists the built-in ids', async () => {
    const error = await rejection(resolveSetup('C9'));
    assert.equal(error.message, 'deployment: unknown setup "C9": not a built-in setup and not a deployment file (expected one of C0, C1, C2, C3, C4, or a path to a .json, .yaml or .yml file)');
    assert.throws(() => resolveSetupSync('scheduler'), /C0, C1, C2, C3, C4/);
    assert.match((await rejection(resolveSetup(file('missing.json')))).message, /no such file \(built-in setups are C0, C1, C2, C3, C4\)/);
  });
});
