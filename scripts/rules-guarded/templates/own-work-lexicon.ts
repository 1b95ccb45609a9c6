import type { Templates } from '../mine-guards.ts';

/** C1: lookups only, so nothing runs the assistant's check after the turn, and no call is made here. */
const asked = { setup: 'C1', user: 'Why is my bill so high this month?' } as const;
const empty = { outcome: 'empty' } as const;
const other = { outcome: 'other' } as const;
/** A check announced with no call after it: its report-back comes later, when nothing runs. */
const ANNOUNCED = 'Give me a moment to look into your account.';

export default {
  lists: {
    GATE_OPENERS: [{ ...asked, reply: '{^} I have checked your account, I will let you know.', expect: empty }],
    WORK_ADVERBS: [{ ...asked, reply: 'Once I have {} checked your account, I will let you know.', expect: empty }],
    DONE_WITH: [{ ...asked, reply: 'Once I am {} checking your account, I will let you know.', expect: empty }],
    WORK_PARTICIPLES: [
      { ...asked, reply: 'Once I have {} your account, I will let you know.', expect: empty },
      { ...asked, reply: 'Once I have {}, I will let you know.', expect: empty },
    ],
    WORK_GERUNDS: [
      { ...asked, reply: 'Once I am done {} your account, I will let you know.', expect: empty },
      { ...asked, reply: 'Once I am done {} into your account, I will let you know.', expect: empty },
    ],
    RECEIVE_VERBS: [{ ...asked, reply: 'Once I {} the results, I will let you know.', expect: empty }],
    RESULT_DETERMINERS: [
      { ...asked, reply: 'Once I get {} results, I will let you know.', expect: empty },
      { ...asked, reply: 'Once I get {} update, I will let you know.', expect: empty },
    ],
    WORK_RESULTS: [
      { ...asked, reply: 'Once I get the {}, I will let you know.', expect: empty },
      { ...asked, reply: 'Once I get the {} the billing team, I will let you know.', expect: empty },
    ],
    REPORT_ADVERBS: [{ ...asked, reply: `${ANNOUNCED} I will {} let you know what I find.`, expect: empty }],
    REPORT_ACTS: [
      { ...asked, reply: `${ANNOUNCED} I will {} shortly.`, expect: empty },
      { ...asked, reply: `${ANNOUNCED} I will {} the details shortly.`, expect: empty },
    ],
    REPORT_SHAPES: [{ ...asked, reply: `${ANNOUNCED} I will {} shortly.`, expect: empty }],
    GIVING_VERBS: [{ ...asked, reply: `${ANNOUNCED} I will {} you the details shortly.`, expect: empty }],
    FINDINGS_VERBS: [{ ...asked, reply: `${ANNOUNCED} Once I {} the details, I will let you know.`, expect: empty }],
    COURTESIES: [
      { ...asked, reply: 'I will now look up your account. {^}!', expect: empty },
      { ...asked, reply: 'I will now look up your account. {^} for bearing with me.', expect: empty },
    ],
    ASSURED: [{ ...asked, reply: 'I will {} you receive the details.', expect: empty }],
    USER_KEPT: [{ ...asked, reply: 'I will make sure you are {}.', expect: empty }],
    USER_GETS: [{ ...asked, reply: 'I will make sure you {} the details.', expect: empty }],
    THINGS_SENT: [
      { ...asked, reply: 'I will make sure you receive the {}.', expect: empty },
      { ...asked, reply: 'I will make sure the {} is sent to you.', expect: empty },
      { ...asked, reply: `${ANNOUNCED} Once I have the {}, I will let you know.`, expect: empty },
    ],
    USER_INBOXES: [{ ...asked, reply: 'I will make sure the details are sent to your {}.', expect: empty }],
    SENT_FORMS: [{ ...asked, reply: 'I will make sure the details are {} to you.', expect: empty }],
    IN_THIS_REPLY: [
      { ...asked, reply: `${ANNOUNCED} I will provide you with the breakdown {}: a standing charge of 12 pounds and 80 pounds of gas.`, expect: other },
      { ...asked, reply: `${ANNOUNCED} I will send you the details {}.`, expect: other },
      { ...asked, reply: 'I will give you the details {}.', expect: other },
    ],
    QUALITIES: [{ ...asked, reply: 'I will make sure you receive {} information.', expect: other }],
  },
} satisfies Templates;
