/**
 * felicity's guard as AI SDK middleware: the app's model says it set a reminder without calling
 * the reminder tool; the middleware has the same model rewrite the reply before the app sees it.
 *
 * Plain JavaScript against the built package. The model here is the AI SDK's mock, scripted like
 * a model that over-claims, so the example runs without a key; in an app it is your provider's
 * model (openai('gpt-4o-mini'), ollama('llama3.1'), …).
 *
 *   node examples/guard-ai-sdk.mjs
 */
import { generateText, jsonSchema, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { felicityMiddleware } from 'felicity-ai/ai-sdk';

const usage = { inputTokens: { total: 1, noCache: 1 }, outputTokens: { total: 1, text: 1 } };
const said = (text) => ({ content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] });
const yourModel = new MockLanguageModelV4({
  doGenerate: async ({ tools }) =>
    // The guard's rewrite request offers no tools; the app's own call does.
    tools === undefined ? said("I haven't set that reminder: nothing is scheduled yet.") : said("Done! I've set a reminder for 9am tomorrow."),
});

const model = wrapLanguageModel({
  model: yourModel,
  middleware: felicityMiddleware({ policy: 'rewrite' }), // deployment: inferred from the tools below
});

const result = await generateText({
  model,
  stopWhen: stepCountIs(3),
  tools: {
    create_reminder: tool({
      description: 'Creates a reminder that notifies the user at a given time.',
      inputSchema: jsonSchema({ type: 'object', properties: { remind_at: { type: 'string' }, message: { type: 'string' } }, required: ['remind_at', 'message'] }),
      execute: async () => ({ status: 'created' }),
    }),
  },
  prompt: 'Remind me to pay rent tomorrow at 9.',
});
const verdict = result.providerMetadata?.felicity;
console.log(`verdict: ${verdict.outcome}, ${verdict.action}`);
console.log(`reply: ${result.text}`);
