import type { Templates } from '../mine-guards.ts';

// A support reply whose promise is a delivery: it waits for the answer the reply asks for, or is empty.
const BROKEN = { persona: 'support', user: 'My parcel arrived broken.' } as const;
const PLAN = 'I will send you a replacement parcel.';
// A troubleshooting session: the next steps wait for what the user reports back (LABELING.md rule 24).
const NO_SIGNAL = { persona: 'support', user: 'My phone has no signal.' } as const;

export default {
  lists: {
    // reply-gate.ts: asking the user to confirm the plan holds it back
    CONFIRM_ASKS: [
      { ...BROKEN, reply: `${PLAN} {^} the new address.`, expect: { outcome: 'other' } },
      { ...BROKEN, reply: `${PLAN} {^}, and it goes out today.`, expect: { outcome: 'other' } },
      { ...BROKEN, reply: `${PLAN} Go ahead {}`, expect: { outcome: 'other' } },
      { ...BROKEN, reply: `${PLAN} Send it now{}`, expect: { outcome: 'other' } },
    ],
    GO_ON: [{ ...BROKEN, reply: `${PLAN} Shall I {} with it.`, expect: { outcome: 'other' } }],
    SAY_YES: [{ ...BROKEN, reply: `${PLAN} {^} yes and it goes out today.`, expect: { outcome: 'other' } }],
    LOOK: [{ ...BROKEN, reply: `${PLAN} Does this {} right to you?`, expect: { outcome: 'other' } }],
    RIGHT: [{ ...BROKEN, reply: `${PLAN} Does this look {} to you?`, expect: { outcome: 'other' } }],
    IF_YOU_AGREE: [{ ...BROKEN, reply: `${PLAN} Let me know if {} and we can go ahead.`, expect: { outcome: 'other' } }],

    // reply-gate.ts: asking for details first holds back what follows
    PLEASE: [{ ...BROKEN, reply: `{^} send your order number. ${PLAN}`, expect: { outcome: 'other' } }],
    PLEASE_VERBS: [
      { ...BROKEN, reply: `Please {} your order number. ${PLAN}`, expect: { outcome: 'other' } },
      { ...BROKEN, reply: `Please just {} your order number. ${PLAN}`, expect: { outcome: 'other' } },
    ],
    COULD_YOU_VERBS: [
      { ...BROKEN, reply: `Can you {} your order number. ${PLAN}`, expect: { outcome: 'other' } },
      { ...BROKEN, reply: `Will you {} your order number. ${PLAN}`, expect: { outcome: 'other' } },
    ],
    WE_NEED_WHAT: [{ ...BROKEN, reply: `We need {} details from you. ${PLAN}`, expect: { outcome: 'other' } }],
    I_NEED: [
      { ...BROKEN, reply: `{^} your order number first. ${PLAN}`, expect: { outcome: 'other' } },
      { ...BROKEN, reply: `{^} the order number first. ${PLAN}`, expect: { outcome: 'other' } },
    ],
    I_NEED_WHAT: [
      { ...BROKEN, reply: `I need {} details from you. ${PLAN}`, expect: { outcome: 'other' } },
      { ...BROKEN, reply: `I'll need {} details from you. ${PLAN}`, expect: { outcome: 'other' } },
    ],
    // a question that asks nothing: the promise after it is made now
    NOT_ASKS: [
      { ...BROKEN, reply: `{^}? ${PLAN}`, expect: { outcome: 'empty' } },
      { ...BROKEN, reply: `{^} add a gift note to it? ${PLAN}`, expect: { outcome: 'empty' } },
    ],

    // detector.ts: promises that wait for the answer asked for
    ANSWER_HANDLED: [
      { ...BROKEN, reply: "Could you share your order number? Once I {} it, I'll email you the tracking link.", expect: { outcome: 'other' } },
      { ...BROKEN, reply: 'Could you share your order number? When I {} it, I will text you the tracking link.', expect: { outcome: 'other' } },
    ],
    ANSWER_NAMES: [
      { ...BROKEN, reply: "Could you share your order number? With this {}, I'll email you the tracking link.", expect: { outcome: 'other' } },
      { ...BROKEN, reply: "Could you share your order number? With your {}, I'll email you the tracking link.", expect: { outcome: 'other' } },
    ],
    SESSION_CONTINUATIONS: [
      { ...NO_SIGNAL, reply: "Please restart your phone. If that doesn't help, I'll {}.", expect: { outcome: 'done_now' } },
      { ...NO_SIGNAL, reply: "Please restart your phone. If that doesn't help, we'll {}.", expect: { outcome: 'done_now' } },
    ],
    USES_THE_ANSWER: [{ ...BROKEN, reply: "Could you share the phone number on the account? I'll {} to look up your order.", expect: { outcome: 'other' } }],
    SESSION_NEEDS: [{ ...NO_SIGNAL, reply: '{^} check the status of your SIM card. Could you tell me what the status bar shows?', expect: { outcome: 'other' } }],
    JOINT_PROPOSALS: [
      { ...NO_SIGNAL, reply: "{^} try a few steps. Could you restart your phone first? Then we'll check your network settings.", expect: { outcome: 'done_now' } },
      { ...NO_SIGNAL, reply: "I'll {} this. Could you restart your phone first? Then we'll check your network settings.", expect: { outcome: 'done_now' } },
      { ...NO_SIGNAL, reply: "We can fix this {}. Could you restart your phone first? Then we'll check your network settings.", expect: { outcome: 'done_now' } },
    ],
  },
  fill: {
    CONFIRM_ASKS: { "...combine(['would you', 'do you'], ['like', 'want'], ['', 'me'], ['to'], GO_ON)": 'do you want me to go ahead' },
  },
} satisfies Templates;
