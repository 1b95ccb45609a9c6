/**
 * What came before a turn, as the frames read it: the system prompt and the earlier user and
 * assistant texts of the record's messages (a record may hold a whole conversation).
 */
import { textOf } from '../core/turn.ts';
import type { ChatMessage } from '../core/types.ts';
import type { Conversation } from './rules/frames/index.ts';

/** Earlier text is read only up to this many characters per message (untrusted, possibly huge). */
export const MAX_CONTEXT_CHARS = 20_000;

export function conversationBefore(messages: readonly ChatMessage[], userIndex: number): Conversation {
  const systemPrompt: string[] = [];
  const earlierUser: string[] = [];
  const earlierAssistant: string[] = [];
  for (let i = 0; i < Math.max(userIndex, 0); i++) {
    const message = messages[i]!;
    const text = textOf(message.content).slice(0, MAX_CONTEXT_CHARS);
    if (message.role === 'system' || (message.role as string) === 'developer') systemPrompt.push(text);
    else if (message.role === 'user') earlierUser.push(text);
    else if (message.role === 'assistant' && text.trim()) earlierAssistant.push(text);
  }
  const userText = userIndex >= 0 ? textOf(messages[userIndex]!.content).slice(0, MAX_CONTEXT_CHARS) : '';
  return { systemPrompt: systemPrompt.join('\n'), userText, earlierUser, earlierAssistant };
}
