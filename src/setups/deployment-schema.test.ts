import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DeploymentError, type DeploymentIssue } from './deployment-error.ts';
import { parseDeployment } from './deployment-schema.ts';

const scheduler = { name: 'schedule_followup', description: 'Schedules a follow-up.', capabilities: ['run_later', 'notify_user_later'] };

/** The issues `parseDeployment` reports for `value`; fails the test when it accepts it. */
function issuesOf(value: unknown, file?: string): { error: DeploymentError; issues: DeploymentIssue[] } {
  try {
    parseDeployment(value, file === undefined ? {} : { file });
  } catch (error) {
    assert.ok(error instanceof DeploymentError, `expected a DeploymentError, got ${String(error)}`);
    return { error, issues: error.issues };
  }
  assert.fail('expected the deployment to be rejected');
}

describe('parseDeployment accepts what users write', () => {
  test('a minimal deployment: tags only, persistence derived from them, defaults filled', () => {
    const deployment = parseDeployment({ id: 'crm-bot', tools: [scheduler, { name: 'lookup_order' }] });
    assert.deepEqual(deployment.persistence, {
      acts_after_turn: true,
      schedules_future: true,
      remembers_across_sessions: false,
      obligates_people: false,
    });
    assert.deepEqual(deployment.tools[1], {
      name: 'lookup_order',
      description: '',
      parameters: { type: 'object', properties: {} },
      capabilities: [],
    });
  });

  test('stated persistence that agrees with the tags, other: capabilities, personas and mocks', () => {
    const deployment = parseDeployment({
      id: 'desk',
      title: 'Front desk',
      tools: [
        { name: 'book_room', capabilities: ['other:book meeting rooms'], personas: ['support'], mock: { result: { ok: '{{args.room}}' } } },
        { name: 'clock', mock: { builtin: 'clock' } },
      ],
      persistence: { remembers_across_sessions: false },
    });
    assert.deepEqual(deployment.tools[0]?.capabilities, ['other:book meeting rooms']);
    assert.deepEqual(deployment.tools[0]?.personas, ['support']);
    assert.deepEqual(deployment.tools[1]?.mock, { builtin: 'clock' });
    assert.equal(deployment.title, 'Front desk');
  });

  test('keys starting with x- are the user\'s own: kept, and they do not fail (any other unknown key does: unknown-keys.test.ts)', () => {
    const deployment = parseDeployment({ id: 'x', 'x-owner': 'team-a', tools: [{ ...scheduler, 'x-timeout-ms': 500 }] });
    assert.equal((deployment as unknown as Record<string, unknown>)['x-owner'], 'team-a');
    assert.equal((deployment.tools[0] as unknown as Record<string, unknown>)['x-timeout-ms'], 500);
  });
});

describe('parseDeployment rejects mistakes with typed, located issues', () => {
  test('an unknown capability names the file, the path, the value and the vocabulary', () => {
    const tools = [scheduler, { name: 'notes' }, { name: 'mailer', capabilities: ['emial'] }];
    const { error, issues } = issuesOf({ id: 'x', tools }, 'my-setup.yaml');
    assert.equal(error.file, 'my-setup.yaml');
    assert.deepEqual(issues[0]?.path, 'tools[2].capabilities[0]');
    assert.equal(issues[0]?.got, '"emial"');
    assert.match(
      error.message,
      /^my-setup\.yaml: tools\[2\]\.capabilities\[0\]: unknown capability "emial" \(expected one of run_later, notify_user_later, .*send_file, or other:<text>\)$/,
    );
  });

  test('"other:" needs a text after the prefix', () => {
    assert.equal(issuesOf({ id: 'x', tools: [{ name: 'a', capabilities: ['other: '] }] }).issues[0]?.path, 'tools[0].capabilities[0]');
  });

  test('a tool without a name, or with a name OpenAI would refuse', () => {
    assert.deepEqual(issuesOf({ id: 'x', tools: [{ capabilities: [] }] }).issues, [
      { path: 'tools[0].name', message: 'missing', expected: 'a string', got: 'nothing' },
    ]);
    assert.match(issuesOf({ id: 'x', tools: [{ name: 'send email' }] }).issues[0]?.message ?? '', /invalid tool name "send email"/);
  });

  test('duplicate tool names point at the second one and the first', () => {
    const { issues } = issuesOf({ id: 'x', tools: [{ name: 'a' }, { name: 'b' }, { name: 'a' }] });
    assert.equal(issues.length, 1);
    assert.equal(issues[0]?.path, 'tools[2].name');
    assert.match(issues[0]?.message ?? '', /duplicate tool name "a", already used by tools\[0\]/);
  });

  test('parameters must be an object schema whose required names exist', () => {
    assert.equal(issuesOf({ id: 'x', tools: [{ name: 'a', parameters: ['q'] }] }).issues[0]?.path, 'tools[0].parameters');
    assert.equal(issuesOf({ id: 'x', tools: [{ name: 'a', parameters: { type: 'string' } }] }).issues[0]?.path, 'tools[0].parameters.type');
    const { issues } = issuesOf({
      id: 'x',
      tools: [{ name: 'a', parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query', 'limit'] } }],
    });
    assert.deepEqual(issues, [
      { path: 'tools[0].parameters.required[1]', message: 'names "limit", which is not in properties', expected: 'one of query' },
    ]);
  });

  test('personas must be generic or support', () => {
    const { issues } = issuesOf({ id: 'x', tools: [{ name: 'a', personas: ['support', 'admin'] }] });
    assert.deepEqual(issues, [{ path: 'tools[0].personas[1]', message: 'unknown persona "admin"', expected: 'generic or support', got: '"admin"' }]);
  });

  test('a mock is {result} or {builtin: calculator | clock}', () => {
    assert.match(issuesOf({ id: 'x', tools: [{ name: 'a', mock: { status: 'ok' } }] }).issues[0]?.message ?? '', /invalid mock/);
    assert.match(issuesOf({ id: 'x', tools: [{ name: 'a', mock: { result: 1, builtin: 'clock' } }] }).issues[0]?.message ?? '', /both/);
    const { issues } = issuesOf({ id: 'x', tools: [{ name: 'a', mock: { builtin: 'weather' } }] });
    assert.equal(issues[0]?.path, 'tools[0].mock.builtin');
    assert.equal(issues[0]?.expected, 'calculator or clock');
  });

  test('a missing or empty id', () => {
    assert.deepEqual(issuesOf({ tools: [] }).issues, [{ path: 'id', message: 'missing', expected: 'a string', got: 'nothing' }]);
    assert.equal(issuesOf({ id: '  ', tools: [] }).issues[0]?.message, 'must not be empty');
  });

  test('not an object at all', () => {
    const { error } = issuesOf(['C2'], 'setup.json');
    assert.match(error.message, /^setup\.json: a deployment must be an object, got a list/);
  });

  test('persistence that contradicts the tags, in either direction', () => {
    const memory = { name: 'memory_write', capabilities: ['recall_across_sessions'] };
    const { issues } = issuesOf({ id: 'x', tools: [memory], persistence: { remembers_across_sessions: false, obligates_people: true } });
    assert.deepEqual(
      issues.map((issue) => [issue.path, issue.message]),
      [
        ['persistence.remembers_across_sessions', 'is false, but memory_write provides recall_across_sessions'],
        ['persistence.obligates_people', 'is true, but no tool provides delegate_to_human'],
      ],
    );
    assert.equal(issuesOf({ id: 'x', tools: [], persistence: { acts_after_turn: 'yes' } }).issues[0]?.expected, 'true or false');
  });

  test('every problem is reported at once, one line each', () => {
    const { error, issues } = issuesOf({ tools: [{ name: 'a', capabilities: ['emial'], personas: ['admin'] }] }, 'f.yml');
    assert.equal(issues.length, 3);
    assert.equal(error.message.split('\n').length, 3);
    assert.ok(error.message.split('\n').every((line) => line.startsWith('f.yml: ')));
  });
});

describe('timezone: an IANA name the runtime knows', () => {
  test('a known zone is kept; none leaves the key absent', () => {
    assert.equal(parseDeployment({ id: 'cal', tools: [], timezone: 'Europe/Paris' }).timezone, 'Europe/Paris');
    assert.equal(parseDeployment({ id: 'cal', tools: [], timezone: 'UTC' }).timezone, 'UTC');
    assert.equal(Object.hasOwn(parseDeployment({ id: 'cal', tools: [] }), 'timezone'), false);
  });

  for (const bad of ['Europe/Pariss', 'CEST+1', '', 'Mars/Olympus_Mons']) {
    test(`${JSON.stringify(bad)} is an error naming the file, the field and what was expected`, () => {
      const { error, issues } = issuesOf({ id: 'cal', tools: [], timezone: bad }, 'agent.yaml');
      assert.equal(issues.length, 1);
      assert.equal(issues[0]?.path, 'timezone');
      assert.match(issues[0]?.message ?? '', /unknown time zone/);
      assert.match(issues[0]?.expected ?? '', /IANA/);
      assert.match(error.message, /^agent\.yaml: timezone: unknown time zone/);
    });
  }

  test('a zone that is not a string is a type error on timezone', () => {
    assert.equal(issuesOf({ id: 'cal', tools: [], timezone: 2 }).issues[0]?.path, 'timezone');
  });
});
