/**
 * The runtime guard on one turn: a reminder promised in a deployment that has a scheduler, but
 * never scheduled (unanchored).
 *
 * Plain JavaScript against the built package, as an app that installed felicity-ai would write it:
 *
 *   node examples/guard-turn.mjs                      # annotate: the verdict only, no model
 *   node examples/guard-turn.mjs ollama:llama3.1:8b   # reanchor with that model, else rewrite
 */
import { guardTurn } from 'felicity-ai/guard';

const model = process.argv[2];
const result = await guardTurn({
  deployment: 'C2', // or your own: await loadDeploymentFile('my-bot.yaml')
  category: 'reminder',
  messages: [
    { role: 'user', content: 'Remind me to pay rent tomorrow morning.' },
    { role: 'assistant', content: "Sure! I'll remind you tomorrow at 9am." },
  ],
  ...(model === undefined ? { policy: 'annotate' } : { policy: 'reanchor', model }),
});
console.log(result.reason);
console.log(`reply: ${result.reply}`);
console.log(`calls: ${result.messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []) : [])).map((c) => c.function.name).join(', ') || 'none'}`);
