/**
 * felicity's guard as an OpenAI Agents SDK output guardrail: a final output that promises what
 * the agent's tools cannot do stops the run, with the verdict as the guardrail's info.
 *
 *   node examples/guard-agents.mjs http://127.0.0.1:11434/v1 llama3.1   # any OpenAI-compatible server and model
 */
import { Agent, OpenAIChatCompletionsModel, OutputGuardrailTripwireTriggered, run, setTracingDisabled, tool } from '@openai/agents';
import { felicityGuardrail } from 'felicity-ai/agents';
import OpenAI from 'openai';

setTracingDisabled(true); // the example sends nothing anywhere but to your server
const [baseURL = 'http://127.0.0.1:11434/v1', modelName = 'llama3.1'] = process.argv.slice(2);

const agent = new Agent({
  name: 'assistant',
  instructions: 'You help with notes.',
  model: new OpenAIChatCompletionsModel(new OpenAI({ baseURL, apiKey: process.env.OPENAI_API_KEY ?? 'none' }), modelName),
  tools: [
    tool({
      name: 'save_note',
      description: 'Saves a note to the notes list now.',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
      strict: true,
      execute: async () => 'saved',
    }),
  ],
  outputGuardrails: [felicityGuardrail()], // deployment: derived from the agent's tools
});

try {
  const result = await run(agent, 'Email my landlord tonight that the rent will be late.');
  console.log(`passed: ${result.finalOutput}`);
} catch (error) {
  if (!(error instanceof OutputGuardrailTripwireTriggered)) throw error;
  const verdict = error.result.output.outputInfo;
  console.log(`tripped: ${verdict.outcome} — ${verdict.spans.map((s) => `"${s.span}"`).join(', ')}`);
}
