/**
 * The Anthropic SDK through `felicity guard` (POST /v1/messages): a small tool loop whose replies
 * the guard checks. Start the guard in front of Anthropic's API first; your key goes upstream as
 * sent (the guard holds none):
 *
 *   npx felicity guard --upstream https://api.anthropic.com/v1 --on-fail reanchor
 *   node examples/guard-anthropic.mjs http://127.0.0.1:8787 claude-sonnet-4-5
 *
 * A reply that claims a reminder was set, with no call, comes back as the `create_reminder`
 * tool_use; the loop runs it, and the verdict of each reply is in its `x-felicity-verdict` header.
 */
import Anthropic from '@anthropic-ai/sdk';

const [baseURL = 'http://127.0.0.1:8787', model = 'claude-sonnet-4-5', ask = 'Remind me tomorrow at 9 to pay rent.'] = process.argv.slice(2);
const client = new Anthropic({ baseURL, apiKey: process.env.ANTHROPIC_API_KEY ?? 'none', maxRetries: 0 });
const tools = [
  {
    name: 'create_reminder',
    description: 'Creates a reminder that notifies the user at a given time.',
    input_schema: { type: 'object', properties: { remind_at: { type: 'string' }, message: { type: 'string' } }, required: ['remind_at', 'message'] },
  },
];

const messages = [{ role: 'user', content: ask }];
for (let step = 0; step < 4; step++) {
  const { data, response } = await client.messages.create({ model, max_tokens: 512, messages, tools }).withResponse();
  console.log(`verdict: ${response.headers.get('x-felicity-verdict')}`);
  messages.push({ role: 'assistant', content: data.content });
  const calls = data.content.filter((block) => block.type === 'tool_use');
  if (calls.length === 0) {
    console.log(`reply: ${data.content.filter((block) => block.type === 'text').map((block) => block.text).join('')}`);
    break;
  }
  const results = calls.map((call) => {
    console.log(`tool: ${call.name} ${call.input.remind_at} "${call.input.message}"`);
    return { type: 'tool_result', tool_use_id: call.id, content: JSON.stringify({ status: 'created', reminder_id: 'rem-1' }) };
  });
  messages.push({ role: 'user', content: results });
}
