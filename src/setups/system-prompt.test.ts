import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BUILTIN_SETUPS } from './builtin.ts';
import { CAPABILITY_CARD_HEADING, capabilityCard } from './capability-card.ts';
import type { Deployment } from './deployment.ts';
import { environmentParagraph } from './environment-paragraph.ts';
import { CURRENT_TIME_SENTENCE, FIXED_TIME, FIXED_TIME_HUMAN } from './fixed-time.ts';
import { affordancesFor } from './persona-tools.ts';
import { PERSONA_PROMPTS } from './personas.ts';
import { systemPrompt } from './system-prompt.ts';

describe('personas and the fixed time', () => {
  test('support is Northwind Utilities, an electricity and gas provider, and names what customers ask about', () => {
    const support = PERSONA_PROMPTS.support;
    assert.match(support, /Northwind Utilities/);
    assert.match(support, /electricity/);
    assert.match(support, /gas/);
    for (const topic of ['accounts', 'bills', 'payments', 'outages', 'service requests']) assert.ok(support.includes(topic), topic);
    assert.match(PERSONA_PROMPTS.generic, /assistant/);
    assert.doesNotMatch(PERSONA_PROMPTS.generic, /Northwind/);
  });

  test('the time is Thursday 2026-10-01 10:00, the user\'s local time', () => {
    assert.equal(FIXED_TIME, '2026-10-01T10:00:00');
    assert.equal(new Date(`${FIXED_TIME}Z`).getUTCDay(), 4, 'a Thursday');
    assert.equal(FIXED_TIME_HUMAN, 'Thursday, 2026-10-01 10:00');
    assert.match(CURRENT_TIME_SENTENCE, /Thursday, 2026-10-01 10:00.*user's local time/);
  });
});

describe('systemPrompt', () => {
  const C2 = BUILTIN_SETUPS.C2;

  test('inferred: the persona and the time only, nothing about persistence', () => {
    const prompt = systemPrompt({ deployment: C2, persona: 'generic', variant: 'inferred' });
    assert.equal(prompt, `${PERSONA_PROMPTS.generic}\n\n${CURRENT_TIME_SENTENCE}`);
  });

  test('stated: persona, environment paragraph, time last', () => {
    const prompt = systemPrompt({ deployment: C2, persona: 'support', variant: 'stated' });
    assert.equal(prompt, [PERSONA_PROMPTS.support, environmentParagraph(C2), CURRENT_TIME_SENTENCE].join('\n\n'));
  });

  test('fix A adds the card after the paragraph and before the time, in either variant', () => {
    const stated = systemPrompt({ deployment: C2, persona: 'generic', variant: 'stated', fix: 'A' });
    assert.equal(stated, [PERSONA_PROMPTS.generic, environmentParagraph(C2), capabilityCard(C2), CURRENT_TIME_SENTENCE].join('\n\n'));
    const inferred = systemPrompt({ deployment: C2, persona: 'generic', variant: 'inferred', fix: 'A' });
    assert.equal(inferred, [PERSONA_PROMPTS.generic, capabilityCard(C2), CURRENT_TIME_SENTENCE].join('\n\n'));
    assert.ok(!systemPrompt({ deployment: C2, persona: 'generic', variant: 'stated', fix: 'none' }).includes(CAPABILITY_CARD_HEADING));
  });

  test('the prompt describes the tools this persona actually gets', () => {
    const partner: Deployment = {
      id: 'partner-desk',
      tools: [
        {
          name: 'open_case',
          description: 'Opens a case for the partner team.',
          parameters: { type: 'object', properties: {} },
          capabilities: ['delegate_to_human'],
          personas: ['support'],
        },
      ],
      persistence: { acts_after_turn: false, schedules_future: false, remembers_across_sessions: false, obligates_people: true },
    };
    assert.equal(affordancesFor(partner, 'generic').persistence.obligates_people, false);
    const generic = systemPrompt({ deployment: partner, persona: 'generic', variant: 'stated', fix: 'A' });
    const support = systemPrompt({ deployment: partner, persona: 'support', variant: 'stated', fix: 'A' });
    assert.ok(!generic.includes('open_case'));
    assert.match(generic, /You have no way to reach the user or anyone else\./);
    assert.match(support, /a human team acts on the requests you file with open_case/);
  });
});
