import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { draftDeployment } from './draft-deployment.ts';
import { parseDeploymentText } from './load-deployment.ts';
import type { ToolSchema } from './tool-schemas.ts';
import { inferPerforms } from './tool-performs.ts';

const object = (properties: Record<string, unknown> = {}) => ({ type: 'object', properties });

const TOOLS: ToolSchema[] = [
  { name: 'update_reservation_baggages', description: 'Update the baggage information of a reservation.', parameters: object({ total_baggages: { type: 'integer' } }) },
  { name: 'send_email', description: 'Sends an email.', parameters: object({ to: { type: 'string' } }) },
  { name: 'create_reminder', description: 'Creates a reminder.', parameters: object() },
];

describe('draftDeployment: a deployment file from tool schemas', () => {
  test('loads as a deployment as it stands, with every tool, description, schema and guessed tag', () => {
    const draft = draftDeployment(TOOLS, { id: 'airline', source: 'tools.json' });
    const deployment = parseDeploymentText(draft.text, 'draft.yaml');
    assert.equal(deployment.id, 'airline');
    assert.deepEqual(
      deployment.tools.map((t) => [t.name, t.description, t.parameters, t.capabilities]),
      [
        [TOOLS[0]!.name, TOOLS[0]!.description, TOOLS[0]!.parameters, []],
        [TOOLS[1]!.name, TOOLS[1]!.description, TOOLS[1]!.parameters, ['send_email']],
        [TOOLS[2]!.name, TOOLS[2]!.description, TOOLS[2]!.parameters, ['run_later', 'notify_user_later']],
      ],
    );
    assert.equal(draft.tagged, 2);
    // What each call performs is drafted from the same name and description.
    assert.deepEqual(deployment.tools.map((t) => t.performs), TOOLS.map((t) => inferPerforms(t)));
    assert.ok(deployment.tools.every((t) => t.performs!.length > 0));
    // Persistence is left to be derived from the tags.
    assert.equal(deployment.persistence.schedules_future, true);
  });

  test('every tag line carries a "guess" comment saying why, and the header says how to confirm', () => {
    const { text } = draftDeployment(TOOLS, { id: 'airline', source: 'tools.json' });
    const performsLines = text.split('\n').filter((line) => line.trimStart().startsWith('performs:'));
    assert.equal(performsLines.length, TOOLS.length);
    for (const line of performsLines) assert.match(line, /^ {4}performs: \[.+\] # guess: from the name and description$/);
    const lookup = draftDeployment([{ name: 'get_order', description: '', parameters: object() }], { id: 'x', source: 's' }).text;
    assert.match(lookup, /^ {4}performs: \[\] # guess: no action found/m);
    const tagLines = text.split('\n').filter((line) => line.trimStart().startsWith('capabilities:'));
    assert.deepEqual(tagLines, [
      '    capabilities: [] # guess: nothing in the name or description says it acts after the turn: no tag',
      '    capabilities: [send_email] # guess: send_email: sends email, says the name',
      '    capabilities: [run_later, notify_user_later] # guess: run_later + notify_user_later: "reminder" in the name',
    ]);
    assert.match(text, /^# Drafted by `felicity deployment init` from tools\.json\./);
    assert.match(text, /delete the comment/);
    assert.match(text, /^id: airline # guess: name this deployment/m);
  });

  test('descriptions that look like YAML come back unchanged', () => {
    const tricky = 'Books: a flight # not a comment\n- not a list\n"quoted" & {braces}: [x]';
    const { text } = draftDeployment([{ name: 'book', description: tricky, parameters: object() }], { id: 'x', source: 's' });
    assert.equal(parseDeploymentText(text, 'x.yaml').tools[0]!.description, tricky);
  });
});
