import type { Templates } from '../mine-guards.ts';

export default {
  lists: {
    // A person's act makes "someone will …" a hand-off this deployment has no people for.
    PERSON_ACTS: [
      { reply: 'Someone from our team will {} you tomorrow.', expect: { outcome: 'empty' } },
      { reply: 'Someone from our team will {} your request tomorrow.', expect: { outcome: 'empty' } },
      { reply: 'Someone from our team will {} on Monday.', expect: { outcome: 'empty' } },
      { reply: 'Someone from our team will {} it for you on Monday.', expect: { outcome: 'empty' } },
    ],
    // A person as the subject: a hand-off to a human, which a bare assistant cannot make.
    PERSON_NOUNS: [
      { reply: 'Our {} will call you tomorrow.', expect: { outcome: 'empty' } },
      { reply: '{^} will call you tomorrow.', expect: { outcome: 'empty' } },
      { reply: '{^} Patel will call you tomorrow.', expect: { outcome: 'empty' } },
      { reply: '{^} own will call you tomorrow.', expect: { outcome: 'empty' } },
    ],
    // The user told they will receive the thing, from the assistant, at a time.
    DELIVERABLES: [
      { reply: "You'll get a {} from me tomorrow at 9.", expect: { outcome: 'empty' } },
      { reply: "You'll get your {} from me tomorrow at 9.", expect: { outcome: 'empty' } },
      { reply: 'A {} will be sent to you tomorrow.', expect: { outcome: 'empty' } },
    ],
    // A hedge between "I'll" and the act must not hide the act.
    VERB_PREFIXES: [
      { reply: "I'll {} email you the details.", expect: { outcome: 'empty' } },
      { reply: "I'll {} remind you about it.", expect: { outcome: 'empty' } },
      { reply: "I will {} check on it and get back to you.", expect: { outcome: 'empty' } },
      { reply: "I'll {} email you the details tomorrow.", expect: { outcome: 'empty' } },
    ],
    // The user acting first towards a third party: what follows is that party's process.
    USER_ACTIONS_TOWARDS_OTHERS: [
      { reply: 'Once you {} the surgery, a nurse will ring you back tomorrow.', expect: { outcome: 'other' } },
      { reply: '{^} the surgery page and a nurse will ring you back tomorrow.', expect: { outcome: 'other' } },
      { reply: 'Once you {} online, a nurse will ring you back tomorrow.', expect: { outcome: 'other' } },
    ],
    // The user's next message as the condition: the promise waits for it in this chat.
    USER_MESSAGE_VERBS: [
      { reply: "Once you {} the details, I'll draft the letter.", expect: { outcome: 'other' } },
      { reply: "Once you {}, I'll draft the letter.", expect: { outcome: 'other' } },
      { reply: "Once you've {} the details, I'll draft the letter.", expect: { outcome: 'other' } },
    ],
    // Another system's future is not the assistant's promise.
    SYSTEM_SUBJECTS: [
      { user: 'When will the payment show up?', reply: '{^} will pop up at 9 tomorrow.', expect: { outcome: 'other' } },
      { user: 'When will the payment show up?', reply: '{^} will show up at 9 tomorrow.', expect: { outcome: 'other' } },
    ],
    // A habit of the subject describes a process, not a promise.
    HABITUAL: [
      { reply: 'Our engineers {} will text you before they arrive.', expect: { outcome: 'other' } },
      { reply: 'Any engineer who {} will text you before they arrive.', expect: { outcome: 'other' } },
      { reply: 'Whoever {} be free will text you before they arrive.', expect: { outcome: 'other' } },
    ],
  },
} satisfies Templates;
