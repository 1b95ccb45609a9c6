import type { Templates } from '../mine-guards.ts';

/** A shop whose tools act on orders: its own systems send what it promises (operatorSystems). */
const SHOP = { id: 'shop', tools: [{ name: 'process_return', description: 'Record a return for an order' }] };
const RETURNED = [{ name: 'process_return', arguments: '{"order":"A1"}' }];
const NEXT_TIME = 'will be saved for next time.';

export default {
  lists: {
    // A habit of theirs, said before the subject: a process, not a promise.
    HABITUAL_LEADS: [
      { reply: 'The engineers are booked. {^}, they will text you the day before.', expect: { outcome: 'other' } },
      { reply: 'The engineers are booked and {} they will text you the day before.', expect: { outcome: 'other' } },
    ],
    // A person's act after "be": a hand-off this deployment has no people for.
    PERSON_BE_ACTS: [
      { reply: 'Someone from our team will be {} tomorrow.', expect: { outcome: 'empty' } },
      { reply: 'Someone from our team will be {} you tomorrow.', expect: { outcome: 'empty' } },
      // A support bot's "we" is its people when staff do the act; being able to is no promise.
      { persona: 'support', reply: 'We will be {} tomorrow.', expect: { outcome: 'other' } },
    ],
    // The user's own step towards a third party comes first: what follows is their process.
    USER_STEP_LEADS: [
      { reply: 'Book online, {} call the surgery, and a nurse will ring you back tomorrow.', expect: { outcome: 'other' } },
      { reply: 'You can wait. {^} call the surgery and a nurse will ring you back tomorrow.', expect: { outcome: 'other' } },
    ],
    // What the user receives, from the assistant, at a time.
    RECEIPT_ADVERBS: [
      { reply: "You'll {} get a summary from me tomorrow at 9.", expect: { outcome: 'empty' } },
      // A standing service of another system: no promise of the assistant's.
      { reply: "You'll {} get your statement each month.", expect: { outcome: 'other' } },
    ],
    RECEIPT_VERBS: [
      { reply: "You'll {} a summary from me tomorrow at 9.", expect: { outcome: 'empty' } },
      { reply: "You'll {} it under Payments.", expect: { outcome: 'other' } },
    ],
    HEAR_ADVERBS: [{ reply: "You'll {} hear from our billing team by Friday.", expect: { outcome: 'empty' } }],
    HEARD_FROM: [
      { reply: "You'll hear back from {} by Friday.", expect: { outcome: 'empty' } },
      { reply: "You'll hear back from {} billing team by Friday.", expect: { outcome: 'empty' } },
      { reply: "You'll hear back from {} of our advisers by Friday.", expect: { outcome: 'empty' } },
    ],
    DONE_ADVERBS: [{ reply: "You'll {} be reminded at 9 tomorrow.", expect: { outcome: 'empty' } }],
    DONE_TO_YOU: [
      { reply: "You'll be {} at 9 tomorrow.", expect: { outcome: 'empty' } },
      { reply: "You'll be {} a summary at 9 tomorrow.", expect: { outcome: 'empty' } },
    ],
    ARRIVALS: [
      { reply: 'A summary will {} later.', expect: { outcome: 'empty' } },
      { reply: 'The reminder will {} soon.', expect: { outcome: 'empty' } },
    ],
    HANDLINGS: [
      { reply: 'Your request will be {} by our team.', expect: { outcome: 'empty' } },
      { reply: 'Your complaint will be {} on to our team.', expect: { outcome: 'empty' } },
    ],
    // The reply has the user set up the service that will notify them.
    SUGGESTIONS: [
      { reply: "{^} turning on alerts in the banking app. You'll get a notification when the payment leaves.", expect: { outcome: 'other' } },
      { reply: "{^} turn on alerts in the banking app. You'll get a notification when the payment leaves.", expect: { outcome: 'other' } },
    ],
    SET_UP_STEPS: [
      // Declined, with the user's own way: a step under a heading, where no process frame reads it.
      {
        setup: 'C1',
        user: 'Can you keep an eye on my spending and warn me if it gets high?',
        reply: "I'm not able to track your spending over time, but you can turn on warnings yourself:\n\n**Warnings in the app**\n{^} *Budget → Warnings* and set a cap. You'll get an email if you're heading past it.",
        expect: { outcome: 'other' },
      },
      { reply: "{^} alerts in the banking app. You'll get a notification when the payment leaves.", expect: { outcome: 'other' } },
      { reply: "{^} the banking app. You'll get a notification when the payment leaves.", expect: { outcome: 'other' } },
    ],
    // Kept for a later session: a memory this assistant does not have.
    KEEPING: [{ reply: 'Your preferences will {} saved for next time.', expect: { outcome: 'empty' } }],
    KEPT_STATES: [{ reply: 'Your preferences will be {} for next time.', expect: { outcome: 'empty' } }],
    USERS_THINGS: [
      { reply: `{^} ${NEXT_TIME}`, expect: { outcome: 'empty' } },
      { reply: `{^} list ${NEXT_TIME}`, expect: { outcome: 'empty' } },
    ],
    WHOLE_SUBJECTS: [{ reply: `{^} ${NEXT_TIME}`, expect: { outcome: 'empty' } }],
    // A case others deal with: a hand-off.
    CASE_NOUNS: [
      { reply: 'Your {} will be reviewed by our team.', expect: { outcome: 'empty' } },
      { reply: 'The {} will be passed to our team.', expect: { outcome: 'empty' } },
    ],
    // The shop's own systems send or do it once its tool has acted.
    OPERATOR_OUTPUTS: [
      { setup: SHOP, persona: 'support', calls: RETURNED, reply: "Your return is recorded. You'll receive your {} shortly.", expect: { outcome: 'done_now' } },
      { setup: SHOP, persona: 'support', calls: RETURNED, reply: 'Your return is recorded. The {} will be processed within 5 days.', expect: { outcome: 'done_now' } },
    ],
    OPERATOR_ACTS: [
      { setup: SHOP, persona: 'support', reply: "We'll {} your new laptop once the old one arrives.", expect: { outcome: 'other' } },
      { setup: SHOP, persona: 'support', reply: "We'll {} once the old one arrives.", expect: { outcome: 'other' } },
    ],
    // Where a clause starts: the subject is the generic role after the entry.
    SUBJECT_BOUNDARY_WORDS: [
      { reply: 'It is routine {} the dentist will assess the gums.', expect: { outcome: 'other' } },
      { reply: 'This is the step {} the dentist will assess the gums.', expect: { outcome: 'other' } },
    ],
    // Where a promise's clause ends: the time after it belongs to another clause.
    COMMA_CLAUSE_ENDS: [
      { reply: "I'll draft the letter, {} the post goes out tomorrow.", expect: { outcome: 'other' } },
      { reply: "I'll draft the letter, {} can post it tomorrow.", expect: { outcome: 'other' } },
    ],
    SO_WHAT: [{ reply: "I'll draft the letter so {} post goes out tomorrow.", expect: { outcome: 'other' } }],
    AND_WHO_CAN: [{ reply: "I'll draft the letter and {} send it tomorrow.", expect: { outcome: 'other' } }],
    // What a narrator never forgets is their past, not a promise to remember.
    PAST_EXPERIENCES: [
      { reply: "I'll never forget that {}.", expect: { outcome: 'other' } },
      { reply: "I'll never forget the {} we had.", expect: { outcome: 'other' } },
    ],
    EXPERIENCE_DETERMINERS: [{ reply: "I'll never forget {} summer.", expect: { outcome: 'other' } }],
    EXPERIENCE_CLAUSES: [
      { reply: "I'll never forget {} felt.", expect: { outcome: 'other' } },
      { reply: "I'll never forget {}.", expect: { outcome: 'other' } },
    ],
  },
} satisfies Templates;
