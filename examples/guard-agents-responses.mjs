/**
 * An OpenAI Agents SDK agent on its default model API (Responses) through `felicity guard`: no
 * change to the agent but its client's base URL. Start the guard in front of your provider first:
 *
 *   npx felicity guard --upstream https://api.openai.com/v1 --on-fail reanchor
 *   node examples/guard-agents-responses.mjs http://127.0.0.1:8787/v1 gpt-4.1-mini
 *
 * A reply that promises a reminder without setting one comes back from the guard as the
 * `create_reminder` call; the agent's own tool runs it, and the reply after it passes.
 */
import { Agent, run, setDefaultOpenAIClient, setTracingDisabled, tool } from '@openai/agents';
import OpenAI from 'openai';

setTracingDisabled(true); // the example sends nothing anywhere but to the guard
const [baseURL = 'http://127.0.0.1:8787/v1', model = 'gpt-4.1-mini', ask = 'Remind me tomorrow at 9 to pay rent.'] = process.argv.slice(2);
setDefaultOpenAIClient(new OpenAI({ baseURL, apiKey: process.env.OPENAI_API_KEY ?? 'none', maxRetries: 0 }));

const agent = new Agent({
  name: 'assistant',
  instructions: 'You help with reminders.',
  model, // a model name: the Agents SDK uses the Responses API
  tools: [
    tool({
      name: 'create_reminder',
      description: 'Creates a reminder that notifies the user at a given time.',
      parameters: { type: 'object', properties: { remind_at: { type: 'string' }, message: { type: 'string' } }, required: ['remind_at', 'message'], additionalProperties: false },
      strict: true,
      execute: async ({ remind_at, message }) => {
        console.log(`tool: create_reminder ${remind_at} "${message}"`);
        return JSON.stringify({ status: 'created', reminder_id: 'rem-1' });
      },
    }),
  ],
});

const result = await run(agent, ask);
console.log(`reply: ${result.finalOutput}`);
