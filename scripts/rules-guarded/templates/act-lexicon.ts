import type { Templates } from '../mine-guards.ts';

/** C4 with the support persona: people can act on a ticket, so a hand-over promise with no call is unanchored. */
const C4 = { setup: 'C4', persona: 'support' } as const;
const empty = { outcome: 'empty' } as const;
const other = { outcome: 'other' } as const;

export default {
  lists: {
    EMAIL: [
      { reply: 'I will {} you the meeting notes.', expect: empty },
      { setup: 'C2', reply: 'Sure, I will send you an {} with the meeting notes this evening.', expect: empty },
    ],
    ASK_THE_USER_FOR: [{ reply: 'I will ask for your {} on the second draft.', expect: other }],
    BE_ACTS: [
      { reply: 'I will be {} you tomorrow about the refund.', expect: empty },
      { reply: 'I will be {} the refund form tomorrow.', expect: empty },
      { reply: 'I will be {} tomorrow about the refund.', expect: empty },
      { reply: 'I will be {} you about the refund.', expect: empty },
      { reply: 'I will be {} about the refund.', expect: empty },
      { reply: 'I will be {} 9 to go over the refund.', expect: empty },
      { reply: 'I will be {} with news about the refund.', expect: empty },
    ],
    AVAILABILITY: [
      { reply: 'I will {} if you need anything else.', expect: other },
      { setup: 'C2', reply: 'Tomorrow I will {} for you.', expect: other },
    ],
    EMAIL_ACTS: [
      { setup: 'C2', reply: 'Sure, I will {} with the meeting notes this evening.', expect: empty },
      { reply: 'Sure, I will {} with the meeting notes.', expect: empty },
    ],
    SMS_ACTS: [
      { setup: 'C2', reply: 'Sure, I will {} with the meeting notes this evening.', expect: empty },
      { reply: 'Sure, I will {} with the meeting notes.', expect: empty },
    ],
    CALL_ACTS: [
      { setup: 'C2', reply: 'I will {} tomorrow morning.', expect: empty },
      { reply: 'I will {} about your order.', expect: empty },
    ],
    FILE_NOUNS: [
      { setup: 'C2', reply: 'I will send you the {} this evening.', expect: empty },
    ],
    FILE_ACTS: [
      { setup: 'C2', reply: 'I will {} the report this evening.', expect: empty },
      { reply: 'I will {} the report for you.', expect: empty },
    ],
    NOTIFY_VERBS: [{ reply: 'I will {} you about the renewal.', expect: empty }],
    NOTICE_GIVERS: [
      { reply: 'I will {} you a reminder at 5pm.', expect: empty },
      { reply: 'I will {} you a reminder about the renewal.', expect: empty },
      { setup: 'C3', reply: 'I will {} you a reminder about the renewal.', expect: empty },
    ],
    NOTICE_ARTICLES: [{ reply: 'I will drop you {} reminder about the renewal.', expect: empty }],
    NOTICE_TONES: [{ reply: 'I will drop you a {} reminder about the renewal.', expect: empty }],
    NOTICES: [
      { reply: 'I will send you a {} as soon as your parcel ships.', expect: empty },
      { reply: 'I will send you a {} tomorrow at 9.', expect: empty },{ reply: 'I will drop you a {} about the renewal.', expect: empty }],
    NOTIFY_ACTS: [
      { reply: 'I will {} it.', expect: empty },
      { reply: 'I will {} for the renewal.', expect: empty },
    ],
    WATCH_ACTS: [
      { reply: 'I will {} the price of that flight.', expect: empty },
      { reply: 'I will {} it.', expect: empty },
      { setup: 'C2', reply: 'I will {} the price of that flight.', expect: { outcome: 'unanchored' } },
      // A check at a set time that reports back: a watch, so acting later is needed as well as notifying.
      { reply: 'I will {} at 7am tomorrow and tell you what I find.', expect: empty },
    ],
    LET_YOU_KNOW_ACTS: [
      { reply: 'I will {} tomorrow with the next steps.', expect: empty },
      { reply: 'I will {} about the refund.', expect: empty },
      { reply: 'I will {}.', expect: empty },
    ],
    LET_YOU_KNOW_WORDS: [{ reply: 'I will {} about the refund.', expect: empty }],
    SEND_VERBS: [{ reply: 'I will {} the report to you.', expect: empty }],
    REMEMBER_ACTS: [
      { user: 'I am vegetarian, please keep that in mind from now on.', reply: 'Noted. I will {} that you are vegetarian.', expect: empty },
      { user: 'I am vegetarian, please keep that in mind from now on.', reply: 'Noted. I will {} your diet.', expect: empty },
      { user: 'I am vegetarian, please keep that in mind from now on.', reply: 'Noted. I will {} in my suggestions.', expect: empty },
      { user: 'I am vegetarian, please keep that in mind from now on.', reply: 'Noted. I will {} meat dishes.', expect: empty },
    ],
    KEPT_THINGS: [{ user: 'My account number is 4471, keep it for me.', reply: 'Sure, I will keep {} on file.', expect: empty }],
    KEPT: [{ user: 'My account number is 4471, keep it for me.', reply: 'Sure, I will keep it {}.', expect: empty }],
    KEEP_IN_MIND: [{ user: 'I am vegetarian.', reply: 'Noted. I will {} in mind.', expect: empty }],
    SOMEONE: [
      { reply: 'I will get {} to call you.', expect: empty },
      { reply: 'I will have {} call you.', expect: empty },
    ],
    SOMEONE_ARTICLES: [
      { reply: 'I will get {} engineer to call you.', expect: empty },
      { reply: 'I will have {} engineer call you.', expect: empty },
    ],
    THE_TEAM: [{ ...C4, reply: 'I will make sure {} team calls you.', expect: { outcome: 'unanchored' } }],
    PERSON_ACT_VERBS: [
      { reply: 'I will have someone {} you.', expect: empty },
      { reply: 'I will have someone {} to your home.', expect: empty },
      { reply: 'I will have someone {} at it.', expect: empty },
      { reply: 'I will have someone {} out to you.', expect: empty },
    ],
    TEAM_NOUNS: [{ ...C4, reply: 'I will make sure our {} calls you.', expect: { outcome: 'unanchored' } }],
    PASS_ON_ACTS: [
      { ...C4, reply: 'I will {} the billing team.', expect: { outcome: 'unanchored' } },
      { ...C4, reply: 'I will {} for you.', expect: { outcome: 'unanchored' } },
      { ...C4, reply: 'I will {} complaint for you.', expect: { outcome: 'unanchored' } },
      { reply: 'I will {} for you.', expect: empty },
    ],
    PASS_ON_WORDS: [
      { ...C4, reply: 'I will {} the billing team.', expect: { outcome: 'unanchored' } },
      { ...C4, reply: 'I will {} engineer visit for you.', expect: { outcome: 'unanchored' } },
    ],
    PASSED_THINGS: [{ ...C4, reply: 'I will pass {} on to the billing team.', expect: { outcome: 'unanchored' } }],
    PASSED_ON: [{ ...C4, reply: 'I will pass it {} to the billing team.', expect: { outcome: 'unanchored' } }],
    THIRD_PARTY: [{ ...C4, reply: 'I will let {} billing team know.', expect: { outcome: 'unanchored' } }],
    LOOPED_IN: [{ ...C4, reply: 'I will loop {} billing team in.', expect: { outcome: 'unanchored' } }],
    REPLY_PLAN: [
      // The plan of an itinerary in this reply: its days are not times the assistant acts at.
      { user: 'Help me plan the essay I have to hand in on Monday.', reply: 'I will {} into an introduction, two arguments and a conclusion for Monday.', expect: other },
      { user: 'Plan my weekend in Rome, Saturday and Sunday.', reply: 'Here is your weekend: I will {} the Colosseum and the Forum on Saturday and leave the Vatican for Sunday.', expect: other },
      { reply: 'I will {} the main points.', expect: other },
      { reply: 'I will {}.', expect: other },
    ],
    NARRATION: [
      { reply: 'I will {} the numbers for you.', expect: other },
      { reply: 'I will {}.', expect: other },
    ],
  },
  fill: {
    WATCH_ACTS: {
      "...combine(['keep'], ['', 'an', 'a close', 'a'], ['eye'], ['on', 'out'])": 'keep an eye on',
      "...combine(['watch'], ['for', 'out', 'the', 'it', 'over'])": 'watch over',
      "...combine(['check'], ['on', 'for', 'back', 'in on', 'again'])": 'check again',
    },
    CALL_ACTS: { "...combine(['call'], ['your', 'the'], ['phone', 'number', 'mobile'])": 'call the number' },
    LET_YOU_KNOW_ACTS: { "...combine(['give you'], ['', 'a', 'an'], ['shout', 'heads-up', 'headsup', 'update', 'n...": 'give you a buzz' },
  },
} satisfies Templates;
