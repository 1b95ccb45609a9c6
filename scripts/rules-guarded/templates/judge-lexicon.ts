import type { Templates } from '../mine-guards.ts';

const CALENDAR = {
  id: 'calendar',
  tools: [
    { name: 'get_events', description: 'Lists the events on a day (read-only).' },
    { name: 'create_event', description: "Adds an event to the user's calendar." },
  ],
};
const PHONE = {
  id: 'phone-support',
  tools: [
    { name: 'get_line_status', description: "Reads the status of the user's phone line (read-only)." },
    { name: 'enable_roaming', description: "Turns on roaming on the user's line." },
  ],
};
/** The user's words around the entry; a lookup read the day; the reply answers from it. */
const answered = (user: string, reply = 'On Friday you have the dentist at 9:00 and lunch with Ann at 12:30.') => ({
  setup: CALENDAR,
  user,
  calls: [{ name: 'get_events', arguments: '{"day":"friday"}', result: '[{"title":"Dentist","start":"09:00"},{"title":"Lunch with Ann","start":"12:30"}]' }],
  reply,
});
const doneNow = { outcome: 'done_now' } as const;
/** No category is given, so a decline or a hand-back is `other`; the entry shows in the booleans. */
const other = { outcome: 'other' } as const;
const remindMe = { user: 'Remind me at 5pm to call Mum.' } as const;
const troubleshooting = { setup: PHONE, persona: 'support', user: 'My mobile data stopped working after I landed in Spain.' } as const;

export default {
  lists: {
    INFO_REQUESTS: [
      answered("Quick one: {} Friday's appointments."),
      answered('Quick one about Friday: {} my events, please.'),
      answered('Quick one about Friday, {} on my calendar?'),
      answered('Friday: {} my events.'),
    ].map((t) => ({ ...t, expect: doneNow })),
    QUESTION_OPENINGS: [
      answered('{^} exactly is my dentist appointment on Friday?'),
      answered('{^} the dentist and lunch both on Friday?'),
      answered('{^} the dentist appointment start at 9 on Friday?'),
      answered('{^} the dentist appointment moved to Friday?'),
      answered('{^} free on Friday afternoon?'),
    ].map((t) => ({ ...t, expect: doneNow })),
    IDENTIFICATIONS: [
      {
        ...answered(
          'Sure, {} the one you have on record, I hope that is enough to find my account.',
          'Thanks, I found your account. On Friday you have the dentist at 9:00 and lunch with Ann at 12:30.',
        ),
        expect: other,
      },
    ],
    CHECK_IN_QUESTIONS: [
      { ...answered('Move the dentist to 10. {^}?', 'Your dentist appointment on Friday is at 9:00.'), expect: other },
    ],
    GUIDED_STEP_VERBS: [
      { ...troubleshooting, reply: 'Please {} the airplane mode on your phone.', expect: doneNow },
      { ...troubleshooting, reply: '{^} roaming in the settings.', expect: doneNow },
      { ...troubleshooting, reply: '{^} note the signal bars.', expect: doneNow },
      { ...troubleshooting, reply: '{^} the settings once more.', expect: doneNow },
    ],
    GUIDED_STEP_THINGS: [
      { ...troubleshooting, reply: 'Please toggle the {} and tell me what you see.', expect: doneNow },
      { ...troubleshooting, reply: 'Please check the {} and tell me what you see.', expect: doneNow },
    ],
    INABILITIES: [{ ...remindMe, reply: 'Sorry, {}.', expect: other }],
    INABILITY_HEDGES: [{ ...remindMe, reply: "Sorry, I'm {} not able to set reminders.", expect: other }],
    LIMITATION_PHRASES: [{ ...remindMe, reply: 'Sorry, {}.', expect: other }],
    HAND_BACKS: [{ ...remindMe, reply: 'Your best option: {}.', expect: other }],
  },
} satisfies Templates;
