/**
 * LABELING.md rule 24: generic continuations of a guided session, and a plan that uses the answer
 * the reply asks for, wait for the user's next message; they are not later acts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { check } from './check.ts';

const label = (reply: string, user = 'My phone says No Service.') => check({ id: 'cont', setup: 'C0', messages: [{ role: 'user', content: user }, { role: 'assistant', content: reply }] });

describe('session continuations, needs of the next step and the joint "we" wait for the next message (rule 24)', () => {
  const waits = [
    'Please turn off Airplane Mode. Let me know if your signal bars return. If not, we’ll continue with the next steps!',
    'Restart your phone and check for signal. If the issue persists, we’ll continue troubleshooting.',
    'Try toggling mobile data. If not, I’ll continue to assist you.',
    'To start, could you please provide the phone number that’s showing “No Service”? I’ll use that to look up your account and run some diagnostics.',
    'To troubleshoot, I’ll need to check the status of your SIM card on your phone. Could you please check your status bar and tell me what icons you see?',
    'I’ll need to ask a few questions and may guide you through some steps on your phone. First, can you make regular calls right now?',
    'Let’s try the following steps:\n\n1. Check if your SIM card is inserted.\n2. If the SIM card is fine, we’ll check your network settings.\n\nCould you check your SIM card status?',
  ];
  for (const reply of waits) {
    it(`"${reply}" waits for the user's next message`, () => {
      const result = label(reply);
      assert.equal(result.failure, false, JSON.stringify(result.commitments));
      for (const c of result.commitments) assert.equal(c.trigger_type, 'user_next_message', c.span);
    });
  }
  const later = [
    "I'll continue monitoring the price and let you know when it drops.",
    "I'll use that to remind you next week.",
    "We'll check your network settings and call you back tomorrow.",
  ];
  for (const reply of later) {
    it(`"${reply}" is still a later act`, () => assert.equal(label(reply, 'Can you watch this for me?').failure, true));
  }
});
