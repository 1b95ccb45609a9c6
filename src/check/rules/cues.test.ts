import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { checkWithExplanation } from '../check.ts';
import { loadDeploymentFileSync } from '../../setups/load-deployment.ts';
import { CUES, withEveryCue } from './cues.ts';
import { MAX_GROUPS } from './literal-scanner.ts';

/**
 * The scan only saves work: a rule whose cues a sentence lacks could not have matched it. So a
 * label must not change when every sentence is given every cue and every pattern runs.
 */
function sameWithEveryCue(turns: readonly Record<string, unknown>[], options = {}): string[] {
  const differ: string[] = [];
  for (const turn of turns) {
    const scanned = checkWithExplanation(turn, options);
    const everywhere = withEveryCue(() => checkWithExplanation(turn, options));
    try {
      assert.deepEqual(scanned, everywhere);
    } catch {
      differ.push(String(turn['id']));
    }
  }
  return differ;
}

const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line) as Record<string, unknown>);
const fixtures = new URL('../../../test/fixtures/', import.meta.url);
const shared = new URL('../../../../shared/', import.meta.url);

describe('the cue scan changes no label', () => {
  for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) {
    it(`benchmark-style cases-${name}`, () => assert.deepEqual(sameWithEveryCue(lines(new URL(`cases-${name}.jsonl`, fixtures).pathname)), []));
  }

  const realDev = new URL('examples/real-dev.jsonl', shared).pathname;
  const agentDev = new URL('examples/agent-dev/', shared).pathname;
  const wildChat = new URL('data/chatlogs/wildchat-1m-sample.jsonl', shared).pathname;
  const reason = '../shared is absent (a user clone has no shared data)';
  it('real ChatGPT turns and support replies (real-dev)', { skip: existsSync(realDev) ? false : reason }, () => assert.deepEqual(sameWithEveryCue(lines(realDev)), []));
  it('a real retail agent (agent-dev, its deployment)', { skip: existsSync(agentDev) ? false : reason }, () => {
    const setup = loadDeploymentFileSync(`${agentDev}deployment.yaml`);
    assert.deepEqual(sameWithEveryCue(lines(`${agentDev}labelled.jsonl`), { setup }), []);
  });
  it('a WildChat sample, every language', { skip: existsSync(wildChat) ? false : reason }, () => {
    const turns = lines(wildChat).map((row) => ({ id: row['id'], setup: 'C0', messages: row['messages'] }));
    assert.deepEqual(sameWithEveryCue(turns), []);
  });
});

describe('cue lists', () => {
  it(`fit the scanner (${Object.keys(CUES).length} groups of at most ${MAX_GROUPS})`, () => assert.ok(Object.keys(CUES).length <= MAX_GROUPS));
  for (const [cue, literals] of Object.entries(CUES)) {
    it(`${cue}: lower-case ASCII literals, each once`, () => {
      assert.equal(new Set(literals).size, literals.length);
      for (const literal of literals) assert.match(literal, /^[\x20-\x7e]+$/, literal), assert.equal(literal, literal.toLowerCase());
    });
  }
});
