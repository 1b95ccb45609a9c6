/**
 * Strict deployment files: an unknown key is an error with a did-you-mean, never read
 * as nothing; every mistake of a file on one line; `timezone` and `x-` keys allowed.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDeploymentText } from './load-deployment.ts';
import { DeploymentError } from './deployment-error.ts';
import { closestKey, suggestion } from './unknown-keys.ts';

const TOOL = `    description: Schedule a task to run at a later time.
    parameters: {type: object, properties: {when: {type: string}}}`;

function mistakes(yaml: string): { oneLine: string; issues: DeploymentError['issues'] } {
  try {
    parseDeploymentText(yaml, 'bot.yaml');
  } catch (error) {
    assert.ok(DeploymentError.isInstance(error), String(error));
    return { oneLine: error.oneLine(), issues: error.issues };
  }
  assert.fail('expected the file to be rejected');
}

describe('each typo in the issue is rejected with its did-you-mean', () => {
  const cases: [string, string, string, RegExp][] = [
    ['capabilites:', `id: bot\ntools:\n  - name: schedule_task\n${TOOL}\n    capabilites: [run_later]\n`, 'tools[0].capabilites', /did you mean "capabilities"\?/],
    ['desc:', `id: bot\ntools:\n  - name: schedule_task\n    desc: Schedule a task.\n    capabilities: [run_later]\n`, 'tools[0].desc', /did you mean "description"\?/],
    ['perform:', `id: bot\ntools:\n  - name: schedule_task\n${TOOL}\n    capabilities: [run_later]\n    perform: [schedule task]\n`, 'tools[0].perform', /did you mean "performs"\?/],
    ['persistence: {scheduler: true}', `id: bot\ntools:\n  - name: schedule_task\n${TOOL}\npersistence: {scheduler: true}\n`, 'persistence.scheduler', /did you mean "schedules_future: true".*run_later/],
  ];
  for (const [typo, yaml, path, hint] of cases) {
    test(typo, () => {
      const { oneLine, issues } = mistakes(yaml);
      assert.deepEqual(issues.map((issue) => issue.path), [path]);
      assert.match(issues[0]!.message, hint);
      assert.ok(oneLine.startsWith(`bot.yaml: ${path}: unknown key`), oneLine);
    });
  }

  test('without the typo each file is accepted: the key alone was the mistake', () => {
    const fixed = `id: bot\ntools:\n  - name: schedule_task\n${TOOL}\n    capabilities: [run_later]\n    performs: [schedule task]\npersistence: {schedules_future: true}\n`;
    assert.equal(parseDeploymentText(fixed, 'bot.yaml').tools[0]!.performs?.[0], 'schedule task');
  });
});

describe('all mistakes on one line, unknown keys with the others', () => {
  test('three unknown keys and a bad capability: four mistakes, one line', () => {
    const yaml = `id: bot\ncapabilities: [run_later]\ntools:\n  - name: schedule_task\n    desc: x\n    capabilities: [emial]\n    perform: [x]\n`;
    const { oneLine, issues } = mistakes(yaml);
    assert.deepEqual(issues.map((issue) => issue.path), ['capabilities', 'tools[0].desc', 'tools[0].perform', 'tools[0].capabilities[0]']);
    assert.ok(!oneLine.includes('\n'));
    assert.match(oneLine, /^bot\.yaml: 4 mistakes: capabilities: unknown key; did you mean "capabilities" on each tool \(tools\[i\]\.capabilities\)\?/);
  });
});

describe('what is allowed', () => {
  test('timezone: an IANA name is accepted, anything else is not', () => {
    assert.equal((parseDeploymentText('id: bot\ntimezone: Europe/Paris\ntools: []\n', 'bot.yaml') as unknown as { timezone: string }).timezone, 'Europe/Paris');
    const { issues } = mistakes('id: bot\ntimezone: Mars/Olympus\ntools: []\n');
    assert.deepEqual(issues.map((issue) => [issue.path, issue.message]), [['timezone', 'unknown time zone "Mars/Olympus"']]);
  });

  test('the keys of a JSON Schema and of a mock result are the user\'s own', () => {
    const yaml = `id: bot\ntools:\n  - name: t\n    parameters: {type: object, properties: {when: {type: string, format: date-time}}, additionalProperties: false}\n    mock: {result: {anything: 1}}\n`;
    assert.equal(parseDeploymentText(yaml, 'bot.yaml').tools.length, 1);
  });
});

describe('suggestions', () => {
  test('misspellings, transpositions and abbreviations of a known key', () => {
    assert.equal(closestKey('capabilites', ['name', 'capabilities']), 'capabilities');
    assert.equal(closestKey('persoans', ['personas', 'performs']), 'personas');
    assert.equal(closestKey('desc', ['name', 'description']), 'description');
  });

  test('nothing close: no suggestion rather than a wrong one', () => {
    assert.equal(closestKey('owner', ['name', 'description', 'parameters', 'capabilities', 'performs', 'personas', 'mock']), undefined);
    assert.equal(suggestion('tool', 'owner'), undefined);
  });

  test('a key of another level says where it belongs', () => {
    assert.match(suggestion('deployment', 'schedules_future') ?? '', /persistence\.schedules_future/);
    assert.match(suggestion('tool', 'persistence') ?? '', /the deployment itself/);
    assert.match(suggestion('tool', 'function') ?? '', /not OpenAI's \{type, function\} wrapper/);
  });
});

test('a deployment felicity stored before keys were strict can be read with unknownKeys: keep', async () => {
  const { parseDeployment } = await import('./deployment-schema.ts');
  const stored = { id: 'bot', owner: 'team-a', tools: [] };
  assert.throws(() => parseDeployment(stored), (error: unknown) => DeploymentError.isInstance(error) && error.issues[0]!.path === 'owner');
  assert.equal(parseDeployment(stored, { unknownKeys: 'keep' }).id, 'bot');
});
