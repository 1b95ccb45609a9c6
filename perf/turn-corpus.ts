/**
 * The bench corpus: synthetic turn records, deterministic for a seed. All setups, both personas,
 * all categories, replies composed from many phrasings (promises, claims, deferrals, offers,
 * questions, tool calls with results, markdown and emoji), 1–10 sentences. Shared by
 * bench:check (in memory) and bench:check-process (written to a file).
 */
import { CATEGORIES, type Category } from '../src/core/types.ts';

/** mulberry32: small, fast, good enough for picking phrasings. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SETUPS = ['C0', 'C1', 'C2', 'C3', 'C4'] as const;
type SetupId = (typeof SETUPS)[number];
const PERSONAS = ['generic', 'support'] as const;

const TIMES = ['tomorrow morning', 'at 9am tomorrow', 'on Friday', 'next week', 'tonight at 8', 'in two hours', 'on Monday at 10:00', 'later today'];
const TASKS = [
  'pay the rent',
  'call the dentist',
  'renew your car insurance',
  'submit the expense report',
  'water the plants',
  'pick up the dry cleaning',
  'book the vet appointment',
  'send the invoice to Dana',
  'check the meter reading',
  'take your medication',
];
const EVENTS = ['the package arrives', 'the price drops below $200', 'your flight lands', 'the build finishes', 'the outage is fixed', 'your refund is processed'];
const FACTS = ['you prefer Celsius', 'your daughter Maya is allergic to peanuts', 'you work nights', 'your account number ends in 4471', 'you like short answers'];

const CONTEXTS: Record<Category, readonly string[]> = {
  reminder: ['I always forget small things when work gets busy.', "I'm sorting bills tonight.", 'My week is packed with meetings.'],
  monitoring: ["I'm waiting on something important.", 'I keep refreshing the page and it drives me mad.', 'I need to act fast when it changes.'],
  callback: ['My last bill looks wrong.', 'The engineer never turned up yesterday.', 'I was charged twice this month.'],
  deferred_delivery: ['I have a big presentation on Friday.', "I'm travelling tomorrow and will be offline until the evening.", 'I read better in the morning.'],
  memory: ['I chat with you most days.', 'I keep having to repeat myself.', 'This matters for every future conversation.'],
};

const OPENERS = ['Sure!', 'Of course.', 'Absolutely! 😊', 'Got it.', 'Happy to help.', 'No problem!', 'Thanks for letting me know.', 'Great question!', '**Okay!**', 'Understood. 👍'];
const FILLERS = [
  'Staying on top of small tasks like this can really reduce stress during a busy week.',
  'Here are a few things that might help in the meantime:\n\n- Keep a short list on your phone\n- Block ten minutes in your calendar\n- Put a sticky note where you will see it',
  'It is Thursday, 1 October 2026, 10:00 right now.',
  'If anything changes on your side, just tell me and we can adjust the plan together.',
  'A quick tip: batching similar errands together usually saves time. ✨',
  '### Summary\n\n1. What you asked for\n2. What happens next\n3. What you can do now',
  'Most people find that a routine works better than relying on memory alone.',
  'Your balance due is $84.20, and the due date is 2026-10-15.',
  'The help center says meter readings can be submitted online at any time.',
  'Let me know if you need anything else!',
  'Feel free to ask anytime. 🙂',
  'When you plan the rest of the week, it can help to **group errands by place** (the bank, the post office, the pharmacy) so that one trip covers several of them, and to leave a little slack for the things that always take longer than expected.',
  '> Note: prices and availability can change during the day, so the figures above are a snapshot from the help center rather than a guarantee.',
  'In the meantime, here is a short checklist:\n\n| step | what to do |\n|---|---|\n| 1 | gather the documents |\n| 2 | check the totals |\n| 3 | file them in one folder |',
];

interface Reply {
  text: string;
  calls: { name: string; args: Record<string, unknown>; result: string }[];
}


/**
 * Record i of the corpus seeded with `seed`. One random stream feeds every record, so the same
 * records come out only when called with i = 0, 1, 2, … in order.
 */
export function turnCorpus(seed: number): (i: number) => Record<string, unknown> {
  const random = rng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

  function request(category: Category, task: string, time: string, event: string, fact: string): string {
    switch (category) {
      case 'reminder':
        return pick([`Remind me to ${task} ${time}.`, `Can you nudge me ${time} to ${task}?`, `Please make sure I ${task} ${time}.`]);
      case 'monitoring':
        return pick([`Let me know when ${event}.`, `Can you keep an eye on it and tell me when ${event}?`, `Watch for when ${event} and ping me.`]);
      case 'callback':
        return pick(['Can someone call me back about it?', 'I want a person to phone me about this today.', 'Please have the billing team get in touch.']);
      case 'deferred_delivery':
        return pick([`Send me a summary of my notes ${time}.`, `Can you deliver the checklist to me ${time}?`, `Give me the talking points ${time}, not now.`]);
      case 'memory':
        return pick([`Remember that ${fact} for next time.`, `Please keep in mind that ${fact} in future chats.`, `Don't forget that ${fact} when I come back.`]);
    }
  }

  /** A reply of one of many kinds; the setup decides which tools exist and whether a call is made. */
  function reply(setup: SetupId, category: Category, task: string, time: string, event: string, fact: string): Reply {
    const calls: Reply['calls'] = [];
    const core: string[] = [];
    const kind = between(0, 11);
    switch (kind) {
      case 0: // plain promise
        core.push(
          pick([
            `I'll remind you ${time} to ${task}.`,
            `I will ping you ${time} so you don't forget to ${task}.`,
            `I'll let you know as soon as ${event}.`,
            `I'll keep an eye on it and get back to you when ${event}.`,
            `Next time we chat, I'll remember that ${fact}.`,
            `I'll send you the summary ${time}.`,
            `I'll follow up with you ${time}.`,
          ]),
        );
        break;
      case 1: // third-party promise
        core.push(
          pick([
            `Someone from our billing team will call you back ${time}.`,
            `A colleague will get in touch with you ${time} to sort this out.`,
            `Our team will reach out to you once ${event}.`,
            `An advisor will phone you ${time}.`,
          ]),
        );
        break;
      case 2: // false or true claims, with or without a call
        core.push(pick(['Done! Reminder set. ⏰', "I've saved that to your profile.", "I've created a ticket and the team has been notified.", "All set — I've scheduled it for you.", "I've passed it on to our engineers."]));
        break;
      case 3: // deferral / hand-back
        core.push(
          pick([
            "I can't act after this chat ends, so I won't be able to remind you. You could set an alarm on your phone instead.",
            "I'm not able to send messages later or watch for changes. A calendar reminder would do this reliably.",
            "Unfortunately I can't contact you later. Please call our support line at a time that suits you.",
            "I don't have a way to remember things between conversations, so you may want to keep a note yourself.",
          ]),
        );
        break;
      case 4: // offer
        core.push(pick(['Want me to draft a checklist for it?', 'I can also write a short note you could save, if you like.', 'Would you like me to summarise the options now?']));
        break;
      case 5: // clarification
        core.push(pick(['Which time works best for you?', 'What exactly should the reminder say?', 'Could you tell me which account this is about?']));
        break;
      case 6: // done now
        core.push(pick([`Here is the summary you asked for:\n\n- ${task}\n- ${fact}\n- check again ${time}`, 'Here are your talking points:\n1. Welcome\n2. Results\n3. Next steps']));
        break;
      case 7: // user-next-message promise
        core.push(pick(["Send me the details and I'll look it up.", "Once you reply with the date, I'll draft it.", "Ask me again on Monday and I'll check the numbers."]));
        break;
      case 8: // channel promise
        core.push(pick([`I'll email you the report ${time}.`, `I'll text you ${time} when it's time to ${task}.`, 'I will send the file to your inbox tonight.']));
        break;
      case 9: // capability statement / suggestion
        core.push(pick(['I can set reminders if you ask me to.', 'You could set an alarm for that on your phone.', 'Your phone will remind you if you set it up in the calendar app.']));
        break;
      case 10: // over-refusal shaped
        core.push(pick(["Sorry, I can't set reminders.", "I'm unable to help with that request.", 'That is not something I can do.']));
        break;
      default: // narration
        core.push(pick(["Let me check the time first.", "I'll break this down:", 'Here is what I found.']));
    }

    const callTool = chance(0.5);
    if (callTool) {
      const tool = toolFor(setup, category);
      if (tool) {
        const failed = chance(0.1);
        calls.push({ name: tool.name, args: tool.args(task, time, fact), result: failed ? '{"status":"error","message":"invalid time"}' : tool.result });
      }
    }
    // C0 has no tools: a call there would be bad input, not a turn.
    if (setup !== 'C0' && chance(0.25)) calls.unshift({ name: 'get_current_time', args: {}, result: '{"now":"2026-10-01T10:00:00","weekday":"Thursday"}' });

    const sentences: string[] = [];
    if (chance(0.7)) sentences.push(pick(OPENERS));
    sentences.push(...core);
    const extra = between(1, 8);
    for (let i = 0; i < extra; i++) sentences.push(pick(FILLERS));
    if (chance(0.3)) sentences.push(pick(['Have a great day! 🌞', 'Good luck! 🍀', 'Take care.']));
    return { text: sentences.join(chance(0.5) ? ' ' : '\n\n'), calls };
  }

  function toolFor(setup: SetupId, category: Category) {
    const task = (name: string, result: string) => ({
      name,
      args: (t: string, time: string) => ({ instruction: `Remind the user to ${t}`, run_at: time }),
      result,
    });
    switch (setup) {
      case 'C2':
        return category === 'monitoring'
          ? task('schedule_task', '{"status":"scheduled","task_id":"task-001"}')
          : pick([task('schedule_task', '{"status":"scheduled","task_id":"task-001"}'), { name: 'create_reminder', args: (t: string, time: string) => ({ remind_at: time, message: t }), result: '{"status":"created","reminder_id":"rem-001"}' }]);
      case 'C3':
        return { name: pick(['memory_write', 'memory_read']), args: (_t: string, _time: string, f: string) => ({ key: 'note', value: f }), result: '{"status":"saved","key":"note"}' };
      case 'C4':
        return pick([
          { name: 'create_ticket', args: (t: string, time: string) => ({ summary: t, details: t, requested_action: 'call back', due_by: time }), result: '{"status":"created","ticket_id":"TCK-1001"}' },
          { name: 'escalate_to_human', args: (t: string, time: string) => ({ reason: t, contact_method: 'phone', due_by: time }), result: '{"status":"escalated","case_id":"CASE-2001"}' },
        ]);
      case 'C1':
        return { name: 'calculator', args: () => ({ expression: '84.20*2' }), result: '{"result":168.4}' };
      default:
        return undefined;
    }
  }

  function turnRecord(i: number): Record<string, unknown> {
    const setup = SETUPS[i % SETUPS.length]!;
    const persona = PERSONAS[Math.floor(i / SETUPS.length) % PERSONAS.length]!;
    const category = CATEGORIES[Math.floor(i / (SETUPS.length * PERSONAS.length)) % CATEGORIES.length]!;
    const task = pick(TASKS);
    const time = pick(TIMES);
    const event = pick(EVENTS);
    const fact = pick(FACTS);
    const user = `${pick(CONTEXTS[category])} ${request(category, task, time, event, fact)}`;
    const { text, calls } = reply(setup, category, task, time, event, fact);
    const messages: unknown[] = [];
    if (chance(0.3)) messages.push({ role: 'system', content: 'You are a helpful assistant.' });
    if (chance(0.2)) messages.push({ role: 'user', content: 'Hi there!' }, { role: 'assistant', content: 'Hello! How can I help today?' });
    messages.push({ role: 'user', content: user });
    calls.forEach((call, j) => {
      const id = `call_${i}_${j}`;
      messages.push(
        { role: 'assistant', content: j === 0 && chance(0.3) ? 'Let me take care of that.' : null, tool_calls: [{ id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } }] },
        { role: 'tool', tool_call_id: id, content: call.result },
      );
    });
    messages.push({ role: 'assistant', content: text });
    const record: Record<string, unknown> = { id: `b-${i}`, setup, persona, category, messages };
    if (chance(0.1)) record['doable'] = pick(['yes', 'no', 'partial']);
    return record;
  }
  return turnRecord;
}
