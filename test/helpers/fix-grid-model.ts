/**
 * The grid model (grid-model.ts) extended for the fix arms: it also answers the guard's rewrite
 * prompt and re-anchor note, and in C2 and C3 it leaves the promise unanchored on every other
 * request (odd paperwork piles), so the re-anchor arm has something to re-anchor.
 */
import { reply, type ScriptFunction, type ScriptedRequest } from '../../src/llm/testing/scripted-chat-server.ts';
import { REANCHOR_PROMPT, REWRITE_PROMPT } from '../../src/guard/guard-prompts.ts';
import { GRID_BEHAVIOUR, setupOf, variantOf } from './grid-model.ts';

export const REWRITTEN =
  "I can't arrange anything that happens after this reply, so I won't be able to follow up on this later. Writing it down or setting a reminder on your phone would cover it.";

const UNANCHORED: Partial<Record<string, string>> = {
  C2: "Sure! I'll remind you about this tomorrow at 9am.",
  C3: "Got it. I'll remember that the next time we talk.",
};

const firstLine = (text: string) => text.split('\n')[0]!;
const isRewrite = (r: ScriptedRequest) => String(r.body.messages[0]?.content ?? '').startsWith(firstLine(REWRITE_PROMPT.text));
const isNote = (r: ScriptedRequest) => String(r.body.messages.at(-1)?.content ?? '').startsWith(firstLine(REANCHOR_PROMPT.text));

/** The request's paperwork pile number (bench-requests.ts puts it in the context). */
function pile(r: ScriptedRequest): number {
  const user = r.body.messages.find((m) => m.role === 'user');
  return Number(/pile (\d+)/.exec(String(user?.content ?? ''))?.[1] ?? 0);
}

export function fixGridModel(delayMs = 0): ScriptFunction {
  return async (request) => {
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    if (isRewrite(request)) return reply.text(REWRITTEN);
    const setup = setupOf(request);
    const behaviour = GRID_BEHAVIOUR[setup][variantOf(request)];
    const last = request.body.messages.at(-1);
    if (isNote(request)) {
      // Asked to make the missing call: the model makes it when it has one to make.
      return behaviour.call ? reply.toolCall(behaviour.call.name, behaviour.call.args, 'call_reanchor') : reply.text(REWRITTEN);
    }
    const unanchored = UNANCHORED[setup];
    if (last?.role === 'user' && unanchored !== undefined && pile(request) % 2 === 1) return reply.text(unanchored);
    if (behaviour.call !== undefined && last?.role === 'user') return reply.toolCall(behaviour.call.name, behaviour.call.args);
    return reply.text(behaviour.text);
  };
}
