import type { Templates } from '../mine-guards.ts';

const REMINDER = "I'll send you a reminder";
const LETTER = "I'll draft the letter.";

export default {
  lists: {
    MONTHS: [
      { reply: "I'll send you a reminder in {^}.", expect: { outcome: 'empty' } },
      { reply: "I'll check in with you on 3 {^}.", expect: { outcome: 'empty' } },
    ],
    WEEKDAYS: [{ reply: "I'll send you a reminder on {^}.", expect: { outcome: 'empty' } }],
    // The promise's only time is the entry: its trigger and time expression come from it.
    PARTS_OF_DAY: [
      { reply: `${REMINDER} this {}.`, expect: { outcome: 'empty' } },
      { reply: `${REMINDER} tomorrow {}.`, expect: { outcome: 'empty' } },
    ],
    NUMBER_WORDS: [
      { reply: `${REMINDER} in {} days.`, expect: { outcome: 'empty' } },
      { reply: `${REMINDER} in {} hour.`, expect: { outcome: 'empty' } },
      { reply: `${REMINDER} within {} weeks.`, expect: { outcome: 'empty' } },
    ],
    UNITS: [{ reply: `${REMINDER} in 2 {}.`, expect: { outcome: 'empty' } }],
    UNSPECIFIED_LATER: [
      { reply: `${REMINDER} {}.`, expect: { outcome: 'empty' } },
      { reply: "I'll look over your essay {} and tell you what I think.", expect: { outcome: 'empty' } },
    ],
    // A later session: a memory this assistant does not have.
    NEXT_SESSION: [
      { reply: "I'll keep that in mind {}.", expect: { outcome: 'empty' } },
      { reply: "I'll keep that in mind for {}.", expect: { outcome: 'empty' } },
      { reply: "{^}, I'll use metric units.", expect: { outcome: 'empty' } },
    ],
    // "on file" after the user's data is that data, not a later session.
    DATA_ON_FILE: [
      { reply: `${REMINDER} at the {} on file tomorrow.`, expect: { outcome: 'empty' } },
      { reply: "I'll update the {} on file for you.", expect: { outcome: 'other' } },
    ],
    LATER_VISIT: [{ reply: "I'll remember that for your {}.", expect: { outcome: 'empty' } }],
    // The rest of this chat: kept by answering the user's next message.
    THIS_CONVERSATION: [
      { reply: "I'll keep that in mind {}.", expect: { outcome: 'other' } },
      { reply: "{^}, I'll use metric units.", expect: { outcome: 'other' } },
    ],
    UPCOMING_WORDS: [
      { reply: "I'll use metric units for your {} question.", expect: { outcome: 'other' } },
      { reply: "I'll summarise the text you're {} send.", expect: { outcome: 'other' } },
    ],
    UPCOMING_INPUTS: [
      { reply: "I'll keep that in mind for your next {}.", expect: { outcome: 'other' } },
      { reply: "I'll use metric units for your next {}.", expect: { outcome: 'other' } },
    ],
    USER_SENDS: [
      { reply: "I'll keep that in mind for the article you {} next.", expect: { outcome: 'other' } },
      { reply: "I'll summarise the article you {} next.", expect: { outcome: 'other' } },
      { reply: "I'll summarise whatever you're about to {}.", expect: { outcome: 'other' } },
    ],
    // The user says more is coming in this chat: keeping something in mind waits for it.
    USER_WILL: [
      { user: '{^} paste an article.', reply: "Got it, I'll keep that in mind.", expect: { outcome: 'other' } },
      { user: '{^} send you my notes.', reply: "Sure, I'll remember to use British spelling.", expect: { outcome: 'other' } },
    ],
    USER_WILL_ADVERBS: [
      { user: "I'll {} paste an article.", reply: "Got it, I'll keep that in mind.", expect: { outcome: 'other' } },
      { user: "I will {} send you my notes.", reply: "Sure, I'll remember to use British spelling.", expect: { outcome: 'other' } },
    ],
    USER_WILL_SEND: [
      { user: "I'll {} you an article.", reply: "Got it, I'll keep that in mind.", expect: { outcome: 'other' } },
      { user: "I will {} my notes.", reply: "Sure, I'll remember to use British spelling.", expect: { outcome: 'other' } },
      { user: "I'll {} the article.", reply: "Got it, I'll keep that in mind.", expect: { outcome: 'other' } },
    ],
    MORE_COMING: [
      { user: 'The essay follows {}.', reply: "Got it, I'll keep that in mind.", expect: { outcome: 'other' } },
      { user: '{^}.', reply: "Sure, I'll remember to use British spelling.", expect: { outcome: 'other' } },
      { user: 'Please {} send the rest.', reply: "Got it, I'll keep that in mind.", expect: { outcome: 'other' } },
    ],
    // An event the assistant would have to watch for.
    EVENT_OPENERS: [
      { reply: "I'll let you know {} the price drops.", expect: { outcome: 'empty' } },
      { reply: "I'll message you {} the parcel arrives.", expect: { outcome: 'empty' } },
    ],
    NOT_EVENT_SUBJECTS: [
      { reply: "I'll draft the letter as soon as {} can.", expect: { outcome: 'other' } },
      { reply: "I'll draft the letter as soon as {}.", expect: { outcome: 'other' } },
      { reply: "I'll draft the letter when {} ready.", expect: { outcome: 'other' } },
      { reply: "I'll draft the letter once {} sent the notes.", expect: { outcome: 'other' } },
    ],
    // The user's next message as the condition: answering it keeps the promise.
    USER_WAIT_OPENERS: [{ reply: `{^} you send the details, ${LETTER}`, expect: { outcome: 'other' } }],
    USER_WAIT_SUBJECTS: [
      { reply: `Once {} send the details, ${LETTER}`, expect: { outcome: 'other' } },
      { reply: `Once {} chosen, ${LETTER}`, expect: { outcome: 'other' } },
    ],
    USER_WAIT_ADVERBS: [
      { reply: `Once you {} send the details, ${LETTER}`, expect: { outcome: 'other' } },
      { reply: `Once you've {} sent the details, ${LETTER}`, expect: { outcome: 'other' } },
    ],
    IMPERATIVE_LEADS: [{ reply: `{^} send me the details and ${LETTER}`, expect: { outcome: 'other' } }],
    USER_IMPERATIVES: [
      { reply: `{^} the details and ${LETTER}`, expect: { outcome: 'other' } },
      { reply: `{^} me the details and ${LETTER}`, expect: { outcome: 'other' } },
      { reply: `{^} and ${LETTER}`, expect: { outcome: 'other' } },
    ],
    WAITING_OPENERS: [{ reply: `{^} I have the details, ${LETTER}`, expect: { outcome: 'other' } }],
    ASSISTANT_RECEIVES: [{ reply: `Once {} the details, ${LETTER}`, expect: { outcome: 'other' } }],
    USER_DETAILS: [
      { reply: `Once {} arrive, ${LETTER}`, expect: { outcome: 'other' } },
      { reply: `Once {} comes through, ${LETTER}`, expect: { outcome: 'other' } },
    ],
    USER_VERIFIED: [{ reply: `Once {}, ${LETTER}`, expect: { outcome: 'other' } }],
    WITH_DETAILS: [{ reply: `{^}, ${LETTER}`, expect: { outcome: 'other' } }],
    UPON_RECEIVING: [{ reply: `{^} your notes, ${LETTER}`, expect: { outcome: 'other' } }],
  },
} satisfies Templates;
