import type { Templates } from '../mine-guards.ts';

const REMINDER = 'send you a reminder tomorrow';
const SHARE = 'Once I have the information, I will share it with you.';
const SHIPPING = 'the shipping options.';

export default {
  lists: {
    // An offer: the act waits for the user's yes.
    OFFER_QUESTIONS: [
      { reply: `{^} ${REMINDER}?`, expect: { outcome: 'other' } },
      { reply: '{^} a reminder tomorrow?', expect: { outcome: 'other' } },
    ],
    MORE_OFFER_QUESTIONS: [
      { reply: `{^} ${REMINDER}?`, expect: { outcome: 'other' } },
      // A question opening "how…" asks for information; after a lead it can offer.
      { reply: `Alternatively, {} ${REMINDER}?`, expect: { outcome: 'other' } },
      { reply: '{^} a reminder tomorrow?', expect: { outcome: 'other' } },
    ],
    // "Can I have…?" asks the user for something: nothing is offered.
    ASKS_FOR_ITSELF: [
      { reply: 'Can I {} your order number?', expect: { outcome: 'other' } },
      { reply: 'May I {} a look at the receipt?', expect: { outcome: 'other' } },
    ],
    OFFER_CONDITIONS: [{ reply: `{^}, I can ${REMINDER}.`, expect: { outcome: 'other' } }],
    OFFER_OPENERS: [{ reply: `If you like, {} ${REMINDER}.`, expect: { outcome: 'other' } }],
    // "I'm setting that reminder" with no call: a claim of an act in progress nothing performs.
    PROGRESSIVE_ADVERBS: [{ reply: "I'm {} setting that reminder for 9.", expect: { outcome: 'empty' } }],
    // "Expect a call from us": a promise of what the user will receive.
    EXPECT_LEADS: [{ reply: '{^} expect a call from us tomorrow.', expect: { outcome: 'empty' } }],
    EXPECT_VERBS: [{ reply: 'You can {} a call from us tomorrow.', expect: { outcome: 'empty' } }],
    EXPECT_ARTICLES: [{ reply: 'You can expect {} quick call from us tomorrow.', expect: { outcome: 'empty' } }],
    EXPECTED: [
      { reply: 'You can expect a {} from us tomorrow.', expect: { outcome: 'empty' } },
      { reply: 'Expect an {} from me tomorrow.', expect: { outcome: 'empty' } },
    ],
    ON_ITS_WAY_THINGS: [{ reply: '{^} coming your way at 10:20.', expect: { outcome: 'empty' } }],
    COMING: [
      { reply: 'Your reminder is {} 10:20.', expect: { outcome: 'empty' } },
      { reply: 'Reminder {} at 10:20.', expect: { outcome: 'empty' } },
    ],
    // A check announced as the turn's last words, with no call after it: it dangles.
    ALLOW_ME: [{ reply: `{^} a moment to check ${SHIPPING}`, expect: { outcome: 'empty' } }],
    MOMENT_AMOUNTS: [{ reply: `Please allow me {} moments to check ${SHIPPING}`, expect: { outcome: 'empty' } }],
    MOMENTS: [{ reply: `Please allow me a {} to check ${SHIPPING}`, expect: { outcome: 'empty' } }],
    A_MOMENT: [{ reply: `Hold on {} while I check ${SHIPPING}`, expect: { outcome: 'empty' } }],
    WAIT_WHILE: [{ reply: `{^} I check ${SHIPPING}`, expect: { outcome: 'empty' } }],
    MOMENT_LINKS: [{ reply: `Please allow me a moment {} check ${SHIPPING}`, expect: { outcome: 'empty' } }],
    MOMENT_CHECKS: [{ reply: `Please allow me a moment to {} ${SHIPPING}`, expect: { outcome: 'empty' } }],
    NEXT_STEP_OPENINGS: [{ reply: "{^} look up the hotel's address.", expect: { outcome: 'empty' } }],
    NEXT_STEP_ADVERBS: [{ reply: "I'll {} look up the hotel's address.", expect: { outcome: 'empty' } }],
    NEXT_STEP_VERBS: [
      { reply: "Next, I'll {} hotel bookings.", expect: { outcome: 'empty' } },
      { reply: 'Now I need to {} the hotel has parking.', expect: { outcome: 'empty' } },
      { reply: "Next, I'll {} hotel's address.", expect: { outcome: 'empty' } },
    ],
    // An act announced as what comes next, with no call after it.
    NEXT_ACT_VERBS: [
      { reply: "I'll now {} the order.", expect: { outcome: 'empty' } },
      { reply: "I'll now {} to him to say you accept.", expect: { outcome: 'empty' } },
      { reply: "I'll now {}.", expect: { outcome: 'empty' } },
    ],
    NEXT_ACT_MARKS: [
      { reply: "I'll {} reply to him to say you accept.", expect: { outcome: 'empty' } },
      { reply: "I'll reply to him {} to say you accept.", expect: { outcome: 'empty' } },
    ],
    // A condition makes the announced act wait for the user (rule 7).
    NEXT_ACT_CONDITIONS: [{ reply: "I'll now reply to him {} you accept.", expect: { outcome: 'other' } }],
    // A check under way, then a report back: it can only come in a later turn.
    CHECK_UNDER_WAY_ADVERBS: [{ reply: `I'm {} checking the system for your order. ${SHARE}`, expect: { outcome: 'empty' } }],
    CHECKS_UNDER_WAY: [{ reply: `I'm currently {} the system for your order. ${SHARE}`, expect: { outcome: 'empty' } }],
    CHECKED_THINGS: [
      { reply: `I'm currently checking {} order details. ${SHARE}`, expect: { outcome: 'empty' } },
      { reply: `I'm currently checking {} the order shipped. ${SHARE}`, expect: { outcome: 'empty' } },
    ],
  },
  // The empty entry makes "a moment" optional: "hold on while I check".
  fill: { A_MOMENT: { "''": '' } },
} satisfies Templates;
