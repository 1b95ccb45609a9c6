import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { check } from '../check.ts';
import { turn } from '../testing/turns.ts';
import { classifyAct } from './acts.ts';

describe('acts in the progressive future ("I\'ll be sending you…")', () => {
  it('name the act of their verb\'s base form, whatever the verb', () => {
    assert.equal(classifyAct('be sending you the refund form')?.id, 'send');
    assert.equal(classifyAct('be emailing you the invoice')?.id, 'email');
    assert.equal(classifyAct('be texting you the code')?.id, 'text message');
    assert.equal(classifyAct('be monitoring the price')?.id, 'watch');
    // An undoubled consonant and a restored e.
    assert.equal(classifyAct('be getting the report over to you')?.id, 'send');
    assert.equal(classifyAct('be sharing the slides with you')?.id, 'send');
  });

  it('a verb no act row reads stays a state of the assistant', () => {
    assert.equal(classifyAct('be rooting for you')?.id, 'state');
    assert.equal(classifyAct('be honest with you')?.id, 'state');
  });

  it('a promise in the progressive is an empty promise in a setup with no tools, with or without a time', () => {
    for (const reply of ["I'll be sending you the refund form.", "I'll be emailing you the invoice shortly.", "I'll be keeping an eye on the price for you.", "We'll be texting you the tracking code."]) {
      assert.equal(check(turn(reply, { user: 'I want a refund.' })).outcome, 'empty', reply);
    }
    assert.equal(check(turn("I'll be starting fresh with your next question.", { user: 'I want a refund.' })).outcome, 'other');
  });
});
