import type { Templates } from '../mine-guards.ts';

export default {
  lists: {
    MONTHS: [
      { reply: "I'll send you a reminder in {^}.", expect: { outcome: 'empty' } },
      { reply: "I'll check in with you on 3 {^}.", expect: { outcome: 'empty' } },
    ],
    WEEKDAYS: [{ reply: "I'll send you a reminder on {^}.", expect: { outcome: 'empty' } }],
  },
} satisfies Templates;
