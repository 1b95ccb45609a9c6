import type { Templates } from '../mine-guards.ts';

// A conversation that has code in it: the code frames read only such conversations.
const CODE_USER = 'Here is my script:\n```py\nimport csv\nrun_report()\n```\nWhat does it do?';
const HOW_TO = 'How do I reverse a list in Python?';
const SNIPPET = '\n```py\nitems.reverse()\n```';
// A how-to question about a company's process: the answer describes the process, it promises nothing.
const REFUND = 'How do I get a refund for a broken kettle?';
// The user's own text, long enough to be the text itself, with a promise of the user's business in it.
const BAKERY =
  "our little bakery has served the town for twenty years. every loaf is shaped by hand before sunrise and every cake is baked to order. customers tell us our rye bread is the best in the county. starting next month we will deliver fresh bread to your door every saturday morning, and we will text you when the van sets off.";
const BAKERY_REWORKED =
  'For twenty years, our small bakery has served the town. Each loaf is shaped by hand before dawn, and each cake is baked to order. From next month, we will deliver fresh bread to your door every Saturday morning and text you when the van sets off.';
const STORY = 'The fox waited by the river all night, counting the stars until the ice began to sing.';
const GUIDE_BODY = 'Composting turns kitchen scraps into rich soil. Members who join the garden club this spring get a free bin, and we will deliver it to their door next week.';
const GAME_ASK = 'Captain, what are your orders for tomorrow?';
const GAME_REPLY = "I'll meet you at the harbour at dawn tomorrow with the map.";
// A story written just before the user's message, and more of it in the fox's own voice.
const FOX_STORY: { role: 'user' | 'assistant'; content: string }[] = [
  { role: 'user', content: 'Write a short story about a fox who finds a lantern.' },
  { role: 'assistant', content: 'Tam the fox found a lantern in the snow. It glowed all night, and by morning the whole forest had come to see it.' },
];
const FOX_MORE = 'I will come back for you tomorrow, Tam told the lantern, and I will bring my sisters.';
const LATE_FUTURE = 'and after a long night of number crunching your manager will finally have figures he trusts.';

export default {
  lists: {
    // plan-narration.ts: the plan of this reply, carried out in it
    PLAN_ADVERBS: [{ user: HOW_TO, reply: `I will {} show the fix below.${SNIPPET}`, expect: { outcome: 'other' } }],
    PLAN_VERBS: [
      { user: HOW_TO, reply: `I will {} it below.${SNIPPET}`, expect: { outcome: 'other' } },
      { user: HOW_TO, reply: `I'll {} the answer right away.${SNIPPET}`, expect: { outcome: 'other' } },
    ],
    HERE_WORDS: [
      { user: HOW_TO, reply: 'I will explain how it works {}. A list is turned around in place by its reverse method.', expect: { outcome: 'other' } },
      { user: HOW_TO, reply: 'I will explain it, and {} the gist: a list is turned around in place by its reverse method.', expect: { outcome: 'other' } },
    ],

    // process-description.ts: what a company's people do once the user acts through another channel
    CHANNEL_VERBS: [
      { user: REFUND, reply: 'Please {} our team at 555-0100. They will process your refund.', expect: { outcome: 'other' } },
      { user: REFUND, reply: 'You can {} the form on our website. Someone will review it and reply.', expect: { outcome: 'other' } },
    ],
    CHANNELS: [
      { user: REFUND, reply: 'Please contact the {} at 555-0100. They will process your refund.', expect: { outcome: 'other' } },
      { user: REFUND, reply: 'Please go to our {}. They will process your refund.', expect: { outcome: 'other' } },
    ],
    HAND_BACK_LEADS: [{ user: REFUND, reply: '{^} contact our team at 555-0100. They will process your refund.', expect: { outcome: 'other' } }],
    URGE_VERBS: [{ user: REFUND, reply: 'We {} that you contact our team at 555-0100. They will process your refund.', expect: { outcome: 'other' } }],
    GERUND_LEADS: [{ user: REFUND, reply: 'You can sort it out {} contacting our team at 555-0100. They will process your refund.', expect: { outcome: 'other' } }],
    CHANNEL_GERUNDS: [
      { user: REFUND, reply: 'I suggest {} our team at 555-0100. They will process your refund.', expect: { outcome: 'other' } },
      { user: REFUND, reply: 'I suggest {} the form on our website. They will process your refund.', expect: { outcome: 'other' } },
    ],
    SOFT_HELP_ADVERBS: [
      { user: REFUND, reply: 'Our team will {} assist you with the refund. Please contact them at 555-0100.', expect: { outcome: 'other' } },
      // "advise" is no word of goodwill (generic-assurance.ts): only the hand-back's help reads it
      { user: REFUND, reply: 'Our team will {} advise you on the refund. Please contact them at 555-0100.', expect: { outcome: 'other' } },
    ],
    SOFT_HELP_VERBS: [{ user: REFUND, reply: 'Our team will {} you with the refund. Please contact them at 555-0100.', expect: { outcome: 'other' } }],
    HELP_AMOUNTS: [{ user: REFUND, reply: 'Our team will provide you with {} guidance on the refund. Please contact them at 555-0100.', expect: { outcome: 'other' } }],
    HELP_KINDS: [{ user: REFUND, reply: 'Our team will provide you with further {} on the refund. Please contact them at 555-0100.', expect: { outcome: 'other' } }],
    USER_FIRST_OPENERS: [{ user: REFUND, reply: '{^} you submit the refund form, our team will process your refund.', expect: { outcome: 'other' } }],
    YOU_FORMS: [
      { user: REFUND, reply: 'Once {} decided to submit the refund form, our team will process your refund.', expect: { outcome: 'other' } },
      { user: REFUND, reply: 'When {} ready to submit the refund form, our team will process your refund.', expect: { outcome: 'other' } },
    ],
    USER_STEPS: [{ user: REFUND, reply: 'Once you {} the refund request, our team will process your refund.', expect: { outcome: 'other' } }],
    USER_STEP_GERUNDS: [{ user: REFUND, reply: 'After {} the refund request, our team will process your refund.', expect: { outcome: 'other' } }],
    USER_ITEMS: [{ user: REFUND, reply: 'Once your {} is approved, our team will process your refund.', expect: { outcome: 'other' } }],
    ITEM_STATES: [{ user: REFUND, reply: 'Once your request has been {}, our team will process your refund.', expect: { outcome: 'other' } }],
    PROCESS_PRONOUNS: [{ user: REFUND, reply: 'Once you submit the refund form, {} will process your refund.', expect: { outcome: 'other' } }],
    COMPANY_PEOPLE: [{ user: REFUND, reply: 'Once you submit the refund form, a {} will process your refund.', expect: { outcome: 'other' } }],
    RECEIPT_ADVERBS: [{ user: REFUND, reply: 'Once you submit the refund form, you will {} receive a confirmation email.', expect: { outcome: 'other' } }],
    RECEIPTS: [{ user: REFUND, reply: 'Once you submit the refund form, you will {} shortly.', expect: { outcome: 'other' } }],

    // code-explanation.ts: what code will do, in a conversation about code
    CODE_NOUNS: [
      { user: CODE_USER, reply: 'This {} will email you the totals every morning.', expect: { outcome: 'other' } },
      { user: CODE_USER, reply: 'Each {} will be saved to the reports folder.', expect: { outcome: 'other' } },
    ],
    CODE_DETERMINERS: [{ user: CODE_USER, reply: '{^} script will email you the totals every morning.', expect: { outcome: 'other' } }],
    CODE_FUTURES: [{ user: CODE_USER, reply: 'The script {} email you the totals every morning.', expect: { outcome: 'other' } }],
    CODE_SUBJECTS: [{ user: CODE_USER, reply: '{^} will then print the totals for each region.', expect: { outcome: 'other' } }],
    CODE_MODALS: [
      { user: CODE_USER, reply: 'It {} print the totals for each region.', expect: { outcome: 'other' } },
      { user: CODE_USER, reply: 'They{} print the totals for each region.', expect: { outcome: 'other' } },
    ],
    CODE_ADVERBS: [
      { user: CODE_USER, reply: 'It will {} print the totals for each region.', expect: { outcome: 'other' } },
      { user: CODE_USER, reply: 'The totals are {} stored in the report list.', expect: { outcome: 'other' } },
    ],
    CODE_ACTS: [
      { user: CODE_USER, reply: 'It will {} for each region in the file.', expect: { outcome: 'other' } },
      { user: CODE_USER, reply: 'It will {} the totals for each region.', expect: { outcome: 'other' } },
    ],
    CODE_PASSIVES: [{ user: CODE_USER, reply: 'Your totals will be {} for each region.', expect: { outcome: 'other' } }],
    CODE_RUNS: [{ user: CODE_USER, reply: 'You will get an email with the totals when {}.', expect: { outcome: 'other' } }],
    // What code does now, with a future far enough from the code's name that only the present reads it.
    CODE_DOES_DETERMINERS: [{ user: CODE_USER, reply: `{^} results are saved to disk, ${LATE_FUTURE}`, expect: { outcome: 'other' } }],
    CODE_GETS: [
      { user: CODE_USER, reply: `The results {} saved to disk, ${LATE_FUTURE}`, expect: { outcome: 'other' } },
      // four words before "saved": not a sentence that opens as a report of an act
      { user: CODE_USER, reply: `The final monthly result {} saved to disk, ${LATE_FUTURE}`, expect: { outcome: 'other' } },
    ],
    CODE_PRESENT_PASSIVES: [{ user: CODE_USER, reply: `The results are {} on disk, ${LATE_FUTURE}`, expect: { outcome: 'other' } }],
    OWN_LATER_ACTS: [
      { user: CODE_USER, reply: "The script will print the totals, and I'll {} you about them tomorrow at 9.", expect: { outcome: 'empty' } },
      { user: CODE_USER, reply: "The script will print the totals, and I'll {} tomorrow at 9.", expect: { outcome: 'empty' } },
    ],

    // generic-assurance.ts: effort and goodwill with no act
    ASSURANCE_ADVERBS: [{ persona: 'support', user: 'My parcel is late.', reply: 'We will {} do our best to help you with this.', expect: { outcome: 'other' } }],
    EFFORTS: [
      { persona: 'support', user: 'My parcel is late.', reply: 'We will {} to sort this out for you.', expect: { outcome: 'other' } },
      { persona: 'support', user: 'My parcel is late.', reply: 'We will {} experience with us.', expect: { outcome: 'other' } },
      { persona: 'support', user: 'My parcel is late.', reply: 'We will {}.', expect: { outcome: 'other' } },
    ],
    GLADNESS_DEGREES: [{ persona: 'support', user: 'My parcel is late.', reply: 'We will be {} happy to help with your parcel.', expect: { outcome: 'other' } }],
    GLAD: [{ persona: 'support', user: 'My parcel is late.', reply: 'We will be {} to help with your parcel.', expect: { outcome: 'other' } }],
    GLAD_TO: [
      { persona: 'support', user: 'My parcel is late.', reply: 'We will be happy to {} you with your parcel.', expect: { outcome: 'other' } },
      { persona: 'support', user: 'My parcel is late.', reply: 'We will be happy to {} service with your parcel.', expect: { outcome: 'other' } },
    ],

    // fiction.ts: the story asked for
    CREATIVE_VERBS: [{ user: '{^} a short story about a fox.', reply: `${STORY} Tomorrow I will cross the ice and find my brother, she promised herself.`, expect: { outcome: 'other' } }],
    CREATIVE_FORMS: [{ user: 'Write a {} about a fox.', reply: `${STORY} Tomorrow I will cross the ice and find my brother, she promised herself.`, expect: { outcome: 'other' } }],
    LATER_ASKS: [
      { user: 'Write a short story about a fox, and {} tomorrow at 8 so I read it.', reply: `${STORY} Sure, I'll remind you tomorrow at 8 to read it.`, expect: { outcome: 'empty' } },
      { user: 'Write a short story about a fox and {}.', reply: `${STORY} Sure, I'll remind you tomorrow at 8 to read it.`, expect: { outcome: 'empty' } },
    ],

    // framing.ts: the assistant speaking about the work, around it
    WORK_NOUNS: [{ user: 'Write a short story about a fox.', reply: `${STORY}\n\nI'll send you the {} once it's ready.`, expect: { outcome: 'empty' } }],
    WORK_DETERMINERS: [{ user: 'Write a short story about a fox.', reply: `${STORY}\n\nI'll send you {} chapter once it's ready.`, expect: { outcome: 'empty' } }],

    // document.ts: a document the user asked for
    DOCUMENT_VERBS: [{ user: '{^} a short guide to composting for our garden club.', reply: GUIDE_BODY, expect: { outcome: 'other' } }],
    NOT_A_DOCUMENT_OBJECT: [
      { user: 'Please make {} the report reaches Ana on Monday.', reply: "I'll send the report to Ana on Monday.", expect: { outcome: 'empty' } },
      { user: 'Please help me with it so {} hand in the report on Monday.', reply: "I'll send the report to Ana on Monday.", expect: { outcome: 'empty' } },
    ],
    DOCUMENT_DETERMINERS: [{ user: 'Write {} guide to composting for our garden club.', reply: GUIDE_BODY, expect: { outcome: 'other' } }],
    DOCUMENT_NUMBERS: [{ user: 'Now produce section {} on compost bins.', reply: GUIDE_BODY, expect: { outcome: 'other' } }],
    DOCUMENT_FORMS: [
      { user: 'Write a short {} on composting for our garden club.', reply: GUIDE_BODY, expect: { outcome: 'other' } },
      // "produce" asks for no story and no text to send (fiction.ts, requested-text.ts): only the document reads it
      { user: 'Produce a short {} on composting for our garden club.', reply: GUIDE_BODY, expect: { outcome: 'other' } },
    ],

    // role-play.ts: a reply in character
    GAME_SETUPS: [{ user: `Okay, {} — ${GAME_ASK}`, reply: GAME_REPLY, expect: { outcome: 'other' } }],
    GAME_SETUP_WORDS: [{ user: `Okay, {} pirate captain. ${GAME_ASK}`, reply: GAME_REPLY, expect: { outcome: 'other' } }],
    SYSTEM_GAME_WORDS: [{ system: 'This chat is a {} about pirates.', user: GAME_ASK, reply: GAME_REPLY, expect: { outcome: 'other' } }],
    OUT_OF_GAME: [
      { system: 'This chat is a roleplay about pirates.', user: 'Okay, {}. Talk tomorrow at 8?', reply: "Sure, I'll check in with you tomorrow at 8.", expect: { outcome: 'empty' } },
      { system: 'This chat is a roleplay about pirates.', user: '{^} please.', reply: "Sure, I'll check in with you tomorrow at 8.", expect: { outcome: 'empty' } },
    ],
    SCHEDULE_LABELS: [
      { user: 'Plan my fitness month.', reply: "{^} 1: I'll send you the shopping list.\n{^} 2: I'll check in on your progress.", expect: { outcome: 'empty' } },
      { user: 'Plan my fitness month.', reply: "{^}: I'll send you the shopping list.\nZed: I'll check in on your progress.", expect: { outcome: 'empty' } },
    ],

    // draft.ts: drafts and letters
    DRAFT_INTROS: [{ user: 'My boss wants the report.', reply: "Here's a {} for Sam:\n\nHi Sam, I'll have the report to you by Friday.", expect: { outcome: 'other' } }],
    GREETINGS: [{ user: 'Write to Ms Lee about the figures.', reply: '{^} Ms Lee,\nI will follow up next week with the figures.\nKind regards,\nAna', expect: { outcome: 'other' } }],
    SIGN_OFFS: [{ user: 'Write to Ms Lee about the figures.', reply: 'Dear Ms Lee,\nI will follow up next week with the figures.\n{^},\nAna', expect: { outcome: 'other' } }],

    // rework.ts: the user's own text, reworked
    REWORK_VERBS: [{ user: `{^} the following text, please: ${BAKERY}`, reply: BAKERY_REWORKED, expect: { outcome: 'other' } }],
    REWORK_OBJECTS: [{ user: `Please rewrite {}.\n\n${BAKERY}`, reply: BAKERY_REWORKED, expect: { outcome: 'other' } }],

    // follow-up.ts: a short message asking for more of the story just written; the reply is more of it
    FOLLOW_UP_LEADS: [{ earlier: FOX_STORY, user: '{^}, make it longer.', reply: FOX_MORE, expect: { outcome: 'other' } }],
    FOLLOW_UP_ASKS: [
      { earlier: FOX_STORY, user: '{^}, thanks!', reply: FOX_MORE, expect: { outcome: 'other' } },
      { earlier: FOX_STORY, user: '{^}', reply: FOX_MORE, expect: { outcome: 'other' } },
      { earlier: FOX_STORY, user: 'Ok, {} two.', reply: FOX_MORE, expect: { outcome: 'other' } },
    ],
    // quotation.ts: someone else's words, retold
    REPORTING_VERBS: [{ user: 'My boiler is broken.', reply: 'Your landlord {} he will fix the boiler tomorrow.', expect: { outcome: 'other' } }],
    REPORTING_THAT_VERBS: [{ user: 'My boiler is broken.', reply: 'Your landlord {} that he will fix the boiler tomorrow.', expect: { outcome: 'other' } }],
  },
} satisfies Templates;
