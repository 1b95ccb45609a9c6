/**
 * A turn as a reader wants to see it: the user's message, each tool call with its arguments and
 * result, the final reply, and what went wrong (tool errors, the round cap, a failed model call).
 * Model text is printed as data: control characters are removed so a reply cannot drive the terminal.
 */
import type { ContentPart } from '../core/types.ts';
import type { TurnResult } from './turn-loop.ts';

const MAX_TOOL_TEXT = 400;

export function formatTranscript(turn: TurnResult): string {
  const lines: string[] = [];
  for (const message of turn.messages) {
    switch (message.role) {
      case 'user':
        lines.push(`user: ${cleanModelText(textOf(message.content))}`);
        break;
      case 'assistant': {
        const text = cleanModelText(textOf(message.content));
        if (text !== '') lines.push(`assistant: ${text}`);
        for (const call of message.tool_calls ?? []) {
          lines.push(`  → ${cleanModelText(call.function.name)}(${clip(cleanModelText(call.function.arguments))})`);
        }
        break;
      }
      case 'tool':
        lines.push(`  ← ${clip(cleanModelText(textOf(message.content)))}`);
        break;
      default:
        break; // the system prompt is in the JSON record; it would drown the transcript
    }
  }
  const last = turn.messages.at(-1);
  if (last?.role === 'assistant' && !last.tool_calls?.length && cleanModelText(textOf(last.content)) === '') lines.push('assistant: (empty reply)');
  if (turn.tool_cap_hit) lines.push(`(tool round cap reached after ${turn.rounds} rounds; final request forbade tool calls)`);
  for (const call of turn.dropped_tool_calls ?? []) lines.push(`  (dropped, not executed: ${cleanModelText(call.function.name)})`);
  if (turn.error) lines.push(`(model call failed: ${describeError(turn)})`);
  lines.push(
    `(${turn.model_calls} model call${turn.model_calls === 1 ? '' : 's'}, ${turn.rounds} tool round${turn.rounds === 1 ? '' : 's'}, ` +
      `${turn.usage.total_tokens} tokens, ${turn.latency_ms} ms)`,
  );
  return lines.join('\n');
}

export function describeError(turn: TurnResult): string {
  const error = turn.error;
  if (!error) return 'none';
  const status = error.status === null ? '' : ` (HTTP ${error.status})`;
  return `${error.kind}${status} after ${error.attempts} attempt${error.attempts === 1 ? '' : 's'}: ${error.message}`;
}

function textOf(content: string | ContentPart[] | null): string {
  if (content === null) return '';
  return typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('');
}

/** Model text made safe to print (also used for the label section of `felicity chat`). */
export function cleanModelText(text: string): string {
  // Keep newlines and tabs; drop ESC and other C0/C1 controls (terminal escape sequences).
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '').trim();
}

function clip(text: string): string {
  return text.length > MAX_TOOL_TEXT ? `${text.slice(0, MAX_TOOL_TEXT)}…` : text;
}
