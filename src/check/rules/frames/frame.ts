/**
 * A frame is a kind of text that is not the assistant's own promise even though it reads like one:
 * a draft written for the user, a quotation, code, a story or role-play, a description of what
 * code or a company's process will do, the plan of this very reply, a generic assurance. Every
 * frame implements one interface (like vitest's reporters): it sees the whole conversation
 * (system prompt, earlier turns, the user's message) and marks regions of the reply. Each carries
 * examples it must mark and examples it must leave alone; one generic test runs them all.
 */
import type { CueMask, Hits } from '../literal-scanner.ts';
import type { Sentence } from '../text-regions.ts';

export type FrameCode =
  | 'code'
  | 'blockquote'
  | 'quotation'
  | 'reported_speech'
  | 'draft'
  | 'letter'
  | 'fiction'
  | 'requested_text'
  | 'document'
  | 'rework'
  | 'role_play'
  | 'dialogue'
  | 'code_explanation'
  | 'process_description'
  | 'plan_narration'
  | 'generic_assurance'
  | 'code_walkthrough';

/** What came before the reply: the context frames read. */
export interface Conversation {
  systemPrompt: string;
  /** The user's message this reply answers. */
  userText: string;
  /** Earlier user messages, oldest first. */
  earlierUser: readonly string[];
  /** Earlier assistant replies: only the last is read (a long conversation keeps no more). */
  earlierAssistant: { at(index: -1): string | undefined };
}

export const EMPTY_CONVERSATION: Conversation = { systemPrompt: '', userText: '', earlierUser: [], earlierAssistant: [] };

export interface Line {
  text: string;
  start: number;
  end: number;
}

export interface Region {
  start: number;
  end: number;
  frame: FrameCode;
}

export interface FrameInput {
  /** The reply, folded (typographic quotes as ASCII; same offsets as the original). */
  text: string;
  lines: readonly Line[];
  conversation: Conversation;
  /** Text frames' regions so far (sentence frames also see what text frames set aside). */
  setAside: readonly Region[];
  /** The assistant's own sentences: given to sentence frames only. */
  sentences: readonly Sentence[];
  /** The cue literals anywhere in the reply (`cues.ts`): a frame whose literals are all absent marks nothing and returns at once. */
  cues: CueMask;
  /** Where each cue literal occurs in `text`: `cuesIn(hits, start, end)` (`cues.ts`) gives the cues of one stretch, a line say. */
  hits: Hits;
}

export interface FrameExample {
  reply: string;
  user?: string;
  system?: string;
  /** Earlier user messages. */
  earlier?: string[];
  /** Earlier assistant replies. */
  earlierAssistant?: string[];
  /** For `marks` examples: words the marked region must contain. */
  marked?: string;
}

export interface Frame {
  code: FrameCode;
  /** `text` frames run before sentences are split and set text aside; `sentence` frames mark whole sentences. */
  level: 'text' | 'sentence';
  /** What the frame recognises, for `--explain` and the README. */
  summary: string;
  mark(input: FrameInput): Region[];
  marks: readonly FrameExample[];
  ignores: readonly FrameExample[];
}

export function lineSpans(text: string): Line[] {
  // Sized once: an array grown by push past ~16k lines is copied again and again in V8's
  // large-object space, which made a reply of many blank lines cost 4× per doubling there.
  let count = 1;
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', nl + 1)) count++;
  const lines = new Array<Line>(count);
  let start = 0;
  let i = 0;
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
    lines[i++] = { text: text.slice(start, nl), start, end: nl };
    start = nl + 1;
  }
  lines[i] = { text: text.slice(start), start, end: text.length };
  return lines;
}
