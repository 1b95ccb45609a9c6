/**
 * Acts read as written, for verbs no list holds; opposite acts; acts keyed by an argument's value,
 * stated by a deployment (`performs_by_argument`) or read from a description ("for locks it UNLOCKS
 * them"), and guessed by `deployment init`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { opposite, writtenLemma } from './action-verbs.ts';
import { draftDeployment } from './draft-deployment.ts';
import { parseDeploymentText } from './load-deployment.ts';
import { callActions, inferPerforms, toolActions } from './tool-performs.ts';

const DOMAIN = { type: 'string', enum: ['light', 'lock', 'cover', 'vacuum'] };
const TURN_OFF = {
  name: 'HouseTurnOff',
  description: 'Turns off/closes/unlocks a device. For locks it UNLOCKS them, for covers (blinds, gates) it CLOSES them.',
  parameters: { type: 'object', properties: { name: { type: 'string' }, domain: DOMAIN } },
};

describe('writtenLemma: one key for every form of a verb, as written', () => {
  const TABLE: [string, string][] = [
    ['muted', 'mut'], ['mutes', 'mut'], ['mute', 'mut'], ['skipped', 'skip'], ['skips', 'skip'], ['turned off', 'turn off'],
    ['turns off', 'turn off'], ['paused', 'paus'], ['pauses', 'paus'], ['emptied', 'empty'], ['filled', 'fill'],
    // The lexicon's lemma, and a same-act group's word, are their own keys.
    ['cancelled', 'cancel'], ['locked', 'lock'], ['gives', 'give'],
  ];
  for (const [form, key] of TABLE) it(`"${form}" → "${key}"`, () => assert.equal(writtenLemma(form), key));
});

describe('opposite acts, as a table', () => {
  const OPPOSED: [string, string][] = [['lock', 'unlock'], ['on', 'off'], ['next', 'previous'], [writtenLemma('mute'), writtenLemma('unmute')], ['open', 'close'], ['add', 'remove'], ['enable', 'disable'], ['start', 'stop']];
  for (const [a, b] of OPPOSED) it(`${a} and ${b} undo each other, both ways`, () => assert.ok(opposite(a, b) && opposite(b, a)));
  for (const [a, b] of [['lock', 'lock'], ['lock', 'close'], ['next', 'skip'], ['add', 'update']]) it(`${a} and ${b} do not`, () => assert.equal(opposite(a!, b!), false));
});

describe('a tool whose verbs no list holds performs them as written', () => {
  it('reads the opening verbs of the description, with their particles and alternatives', () => {
    assert.deepEqual(inferPerforms({ name: 'HouseTurnOff', description: TURN_OFF.description }), ['turns off device', 'closes device', 'unlocks device']);
    assert.deepEqual(inferPerforms({ name: 'PlayerHush', description: 'Mutes a media player.' }), ['mutes media player']);
  });
  it('ignores a lookup and a tool the lexicon already reads', () => {
    assert.deepEqual(inferPerforms({ name: 'HouseState', description: 'Returns the state of every device.' }), []);
    assert.deepEqual(inferPerforms({ name: 'HouseLookup', description: 'Lists the devices of a room.' }), []);
    assert.deepEqual(inferPerforms({ name: 'cancel_order', description: 'Cancels an order.' }), ['cancel order']);
  });
});

describe('acts keyed by the value of an argument', () => {
  it('reads "for locks it UNLOCKS them" against the enum of `domain`', () => {
    const keyed = toolActions(TURN_OFF).filter((action) => action.when !== undefined);
    assert.deepEqual(keyed.map((action) => [action.when!.value, action.verb]), [['lock', 'unlock'], ['cover', 'close']]);
  });
  it('a call performs the acts of its argument\'s value only, or the unkeyed ones for another value', () => {
    const actions = toolActions(TURN_OFF);
    assert.deepEqual(callActions(actions, { domain: 'lock' }).map((action) => action.verb), ['unlock']);
    assert.deepEqual(callActions(actions, { domain: 'light' }).map((action) => action.verb), ['turn off', 'close', 'unlock']);
    assert.deepEqual(callActions(actions, undefined).map((action) => action.verb), ['turn off', 'close', 'unlock']);
  });
  it('ignores a "for … it" clause whose value no enum parameter takes', () => {
    const tool = { ...TURN_OFF, description: 'Turns off a device. For best results it waits a second.' };
    assert.equal(toolActions(tool).some((action) => action.when !== undefined), false);
  });
  it('a deployment states them (performs_by_argument), and they replace the description\'s reading', () => {
    const yaml = ['id: house', 'tools:', '- name: HouseTurnOff', '  description: Turns off a device.', '  parameters: {type: object, properties: {domain: {type: string, enum: [lock, light]}}}',
      '  performs_by_argument: {argument: domain, values: {lock: [unlock door]}}'].join('\n');
    const tool = parseDeploymentText(yaml, 'house.yaml').tools[0]!;
    assert.deepEqual(callActions(toolActions(tool), { domain: 'lock' }).map((action) => `${action.verb} ${action.object}`), ['unlock door']);
  });
  it('a deployment file with a misspelt key in performs_by_argument is rejected, naming the field', () => {
    const yaml = ['id: house', 'tools:', '- name: HouseTurnOff', '  performs_by_argument: {argumnet: domain, values: {}}'].join('\n');
    assert.throws(() => parseDeploymentText(yaml, 'house.yaml'), /performs_by_argument/);
  });
  it('deployment init writes the guess, which loads as it stands', () => {
    const draft = draftDeployment([TURN_OFF], { id: 'house', source: 'tools.json' });
    assert.match(draft.text, /guess: the act depends on domain/);
    const tool = parseDeploymentText(draft.text, 'draft.yaml').tools[0]!;
    assert.deepEqual(tool.performs_by_argument, { argument: 'domain', values: { lock: ['unlocks lock'], cover: ['closes cover'] } });
  });
});
