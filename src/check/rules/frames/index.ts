/**
 * Every frame, in the order they run. Text frames set text aside before the reply is split into
 * sentences; sentence frames then mark whole sentences of the assistant's own text. To add a
 * frame: write one file implementing `Frame` (with examples it must mark and must ignore) and
 * list it here; the generic frame test picks it up.
 */
import { codeExplanationFrame } from './code-explanation.ts';
import { codeFrame } from './code.ts';
import { codeWalkthroughFrame } from './code-walkthrough.ts';
import { documentFrame } from './document.ts';
import { draftFrame, letterFrame } from './draft.ts';
import { fictionFrame } from './fiction.ts';
import type { Frame } from './frame.ts';
import { genericAssuranceFrame } from './generic-assurance.ts';
import { planNarrationFrame } from './plan-narration.ts';
import { processDescriptionFrame } from './process-description.ts';
import { blockquoteFrame, quotationFrame, reportedSpeechFrame } from './quotation.ts';
import { requestedTextFrame } from './requested-text.ts';
import { reworkFrame } from './rework.ts';
import { dialogueFrame, rolePlayFrame } from './role-play.ts';

export const TEXT_FRAMES: readonly Frame[] = [codeFrame, blockquoteFrame, quotationFrame, reportedSpeechFrame, draftFrame, letterFrame, fictionFrame, requestedTextFrame, documentFrame, reworkFrame, rolePlayFrame, dialogueFrame];
export const SENTENCE_FRAMES: readonly Frame[] = [codeExplanationFrame, codeWalkthroughFrame, planNarrationFrame, genericAssuranceFrame, processDescriptionFrame];
export const FRAMES: readonly Frame[] = [...TEXT_FRAMES, ...SENTENCE_FRAMES];

export type { Conversation, Frame, FrameCode, Region } from './frame.ts';
export { EMPTY_CONVERSATION } from './frame.ts';
