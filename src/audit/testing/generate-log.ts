/**
 * A generated chat log for chunked-audit tests and the bench: several strata (models), records
 * holding one or several turns, conversations spread over lines far apart (one line of which may
 * use tools), records without any id, bad lines, blank lines, CRLF endings, non-ASCII text and a
 * byte order mark. Seeded: the same arguments give the same bytes.
 */
import { Rng } from '../../stats/rng.ts';

const REPLIES = [
  "I'll send you the full report by email tomorrow morning.",
  'I have booked the table for two at 8 pm.',
  'The capital of France is Paris.',
  'Here is a short poem about the sea: waves fold, gulls call — the tide keeps time.',
  "I've forwarded your complaint to our support team, they will contact you.",
  'Sure. A list in Python is written with square brackets.',
  'Let me know if you want more examples.',
  'Das Ergebnis ist 42 — ganz einfach.',
  'I will remind you about this next week.',
  'Your order has been cancelled and the refund issued.',
];
const USERS = ['Can you help me?', 'Please summarise this.', 'Write something nice ☀️', 'What is 6 × 7?', 'Remind me later.'];

export function generateLog(turns: number, seed = 7): Buffer {
  const rng = new Rng(seed);
  const pick = <T>(items: readonly T[]): T => items[rng.below(items.length)]!;
  const lines: string[] = [];
  let made = 0;
  let conversation = 0;
  const open: string[] = [];
  while (made < turns) {
    const kind = rng.below(20);
    const model = pick(['gpt-4', 'gpt-3.5-turbo', 'llama-2', 'claude-2']);
    const language = rng.below(4) === 0 ? 'German' : 'English';
    if (kind === 0) {
      lines.push(pick(['{"messages": [', 'not json at all', '{"unknown": 1}', '{"messages": [{"role": 7}]}']));
      continue;
    }
    if (kind === 1) {
      lines.push('');
      continue;
    }
    if (kind < 8) {
      // One turn of a conversation whose other turns are on other lines (maybe far away).
      const id = open.length > 0 && rng.below(2) === 0 ? pick(open) : `conv-${conversation++}`;
      if (!open.includes(id)) open.push(id);
      const tools = rng.below(25) === 0;
      const reply: Record<string, unknown> = { role: 'assistant', content: pick(REPLIES) };
      // A reply that also called a tool: the whole conversation, on every line, is left out.
      if (tools) reply['tool_calls'] = [{ id: 't', type: 'function', function: { name: 'f', arguments: '{}' } }];
      const messages: unknown[] = [{ role: 'user', content: pick(USERS) }, reply];
      lines.push(JSON.stringify({ conversation_id: id, model, language, messages }));
      made++;
      continue;
    }
    if (kind < 10) {
      // A record with no id at all: its conversation is named by its line.
      lines.push(JSON.stringify({ model, language, messages: [{ role: 'user', content: pick(USERS) }, { role: 'assistant', content: pick(REPLIES) }] }));
      made++;
      continue;
    }
    // A WildChat-style conversation of several turns on one line.
    const n = 1 + rng.below(4);
    const conv: unknown[] = [];
    for (let k = 0; k < n; k++) conv.push({ role: 'user', content: pick(USERS) }, { role: 'assistant', content: pick(REPLIES) });
    lines.push(JSON.stringify({ conversation_hash: `h${conversation++}`, model, language, conversation: conv }));
    made += n;
  }
  const text = lines.map((line, i) => line + (i % 7 === 3 ? '\r\n' : '\n')).join('');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}
