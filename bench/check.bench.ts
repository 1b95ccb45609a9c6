/**
 * `npm run bench:check`: turns per second through the offline checker, next to a baseline that
 * only parses each line and makes one regex pass over the assistant text, in the same run.
 *
 *   (a) baseline: JSON.parse of every line + one case-insensitive regex search of the reply
 *   (b) check(): the full pipeline on every parsed record
 *   (c) checkJsonl(): the JSONL path over the serialised lines
 *
 * The corpus is generated in memory, deterministic (seeded): all setups, both personas, all
 * categories, replies composed from many phrasings (promises, claims, deferrals, offers, questions,
 * tool calls with results, markdown and emoji), 1–10 sentences. Target: (b) ≥ 50,000 turns/s on one
 * core. Each measurement is warmed up and run REPEATS times; the median is reported.
 *
 * BENCH_TURNS (default 12,000) sets the corpus size.
 */
import { check, checkJsonl } from '../src/check/index.ts';
import { CATEGORIES, OUTCOMES, type Category, type Outcome } from '../src/core/types.ts';

const TURNS = Number(process.env['BENCH_TURNS'] ?? 12_000);
const REPEATS = 3;
const SEED = 20261001;
const TARGET = 50_000;

// ---------------------------------------------------------------- deterministic generator

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

const random = rng(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;
const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

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

// ---------------------------------------------------------------- measurement

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
let peakRss = 0;
const sampleRss = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));

/** Median turns/s of three timed runs after a warm-up; sync and async runs alike. */
async function measure(name: string, run: () => number | Promise<number>): Promise<number> {
  await run();
  const rates: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    const start = process.hrtime.bigint();
    const n = await run();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    rates.push(n / seconds);
    sampleRss();
  }
  const rate = median(rates);
  console.log(`${name.padEnd(34)} ${fmt(rate).padStart(10)} turns/s   (runs: ${rates.map(fmt).join(', ')})`);
  return rate;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  const records = Array.from({ length: TURNS }, (_, i) => turnRecord(i));
  const lines = records.map((record) => JSON.stringify(record));
  const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const replyLengths = records.map((r) => {
    const messages = r['messages'] as { content: unknown }[];
    return String(messages.at(-1)!.content).length;
  });
  const bytes = lines.reduce((sum, line) => sum + line.length + 1, 0);
  sampleRss();

  console.log(`felicity bench:check — ${fmt(TURNS)} turns, ${(bytes / 1e6).toFixed(1)} MB JSONL, seed ${SEED}, node ${process.version}`);
  console.log(
    `reply length: min ${Math.min(...replyLengths)}, median ${median(replyLengths)}, max ${Math.max(...replyLengths)} chars; ` +
      `tool calls in ${records.filter((r) => (r['messages'] as { tool_calls?: unknown }[]).some((m) => m.tool_calls)).length} turns`,
  );

  // Outcome distribution (one pass, also a check that the generator exercises the rules).
  const counts = new Map<Outcome, number>(OUTCOMES.map((o) => [o, 0]));
  const bySetup = new Map<string, Map<Outcome, number>>();
  let commitments = 0;
  for (const record of parsed) {
    const label = check(record);
    commitments += label.commitments.length;
    counts.set(label.outcome, counts.get(label.outcome)! + 1);
    const setup = String(record['setup']);
    if (!bySetup.has(setup)) bySetup.set(setup, new Map(OUTCOMES.map((o) => [o, 0])));
    bySetup.get(setup)!.set(label.outcome, bySetup.get(setup)!.get(label.outcome)! + 1);
  }
  console.log('\noutcome distribution:');
  for (const [outcome, n] of counts) console.log(`  ${outcome.padEnd(13)} ${String(n).padStart(6)}  ${((100 * n) / TURNS).toFixed(1).padStart(5)}%`);
  console.log(`  commitments detected: ${commitments} (${(commitments / TURNS).toFixed(2)} per turn)`);
  console.log(`  by setup: ${[...bySetup].map(([s, m]) => `${s} ${OUTCOMES.filter((o) => m.get(o)! > 0).map((o) => `${o}=${m.get(o)}`).join(' ')}`).join('\n            ')}`);
  console.log('');

  const pattern = /will|'ll|remind/i;
  let sink = 0;
  const baseline = await measure('(a) baseline JSON.parse + regex', () => {
    for (const line of lines) {
      const record = JSON.parse(line) as { messages: { content: unknown }[] };
      const text = record.messages.at(-1)!.content;
      if (typeof text === 'string' && pattern.test(text)) sink++;
    }
    return lines.length;
  });
  const full = await measure('(b) check() on parsed records', () => {
    for (const record of parsed) sink += check(record).commitments.length;
    return parsed.length;
  });
  const jsonl = await measure('(c) checkJsonl() over the lines', async () => {
    let n = 0;
    for await (const result of checkJsonl(lines)) {
      if ('label' in result) n++;
    }
    if (n !== lines.length) throw new Error(`checkJsonl labelled ${n} of ${lines.length} lines`);
    return n;
  });

  const maxRss = process.resourceUsage().maxRSS * 1024;
  console.log('');
  console.log(`(b)/(a) = ${(full / baseline).toFixed(3)}   (the checker runs at ${((100 * full) / baseline).toFixed(1)}% of the baseline's speed)`);
  console.log(`(c)/(a) = ${(jsonl / baseline).toFixed(3)}`);
  console.log(`(c)/(b) = ${(jsonl / full).toFixed(3)}`);
  console.log(`peak RSS: ${(Math.max(peakRss, maxRss) / 2 ** 20).toFixed(0)} MiB (sampled ${(peakRss / 2 ** 20).toFixed(0)} MiB, maxRSS ${(maxRss / 2 ** 20).toFixed(0)} MiB)`);
  console.log(`target (b) ≥ ${fmt(TARGET)} turns/s: ${full >= TARGET ? 'met' : `NOT met (${((100 * full) / TARGET).toFixed(0)}% of target)`}`);
  if (sink < 0) console.log(sink);
}

await main();
