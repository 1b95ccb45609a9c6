import { rememberedTest } from '../remembered-test.ts';
import { userMessages, type Frame, type FrameInput } from './frame.ts';
import { FUTURE, hasFixedTime, sentenceRegion } from './sentence-frames.ts';

const CODE_NOUN =
  '(?:code|script|program|function|method|class|module|component|snippet|query|command|loop|regex|pattern|file|spider|crawler|scraper|bot|model|app|application|server|api|endpoint|tests?|build|compiler|library|package|variable|array|list|dictionary|dict|object|table|column|database|request|response|output|results?|data|dataset|values?|error|exception|process|job|pipeline|workflow|container|image|page|button|form|element|hook|handler|listener|callback|promise|thread|worker|cron job|macro|formula|cell|sheet|spreadsheet|workbook|template|prompt|line|statement|condition|operator|parameter|argument|field|key|row|plugin|extension|browser|terminal|shell|system|service|contract|transaction|algorithm|network|layer|program)s?';
/** A future clause about code or what it produces: "This code will extract images", "the scraped data will be saved". */
const ABOUT_CODE = new RegExp(
  `\\b(?:this|the|your|my|that|these|those|each|every|our|its|a|an|all)\\s+(?:[\\w.-]+\\s+){0,3}?${CODE_NOUN}\\b[^.!?]{0,60}?(?:\\bwill\\b|'ll\\b|\\bwould\\b|\\bshould\\b|\\bshall\\b|\\bis going to\\b)|\\b(?:it|this|they)\\s+(?:will|'ll|should|would)\\s+(?:then\\s+|now\\s+|also\\s+|automatically\\s+)?(?:return|print|output|log|display|show|create|generate|produce|run|execute|call|loop|iterate|parse|extract|save|store|write|read|load|send|fetch|compile|throw|raise|crash|fail|work|match|replace|convert|render|update|delete|remove|add|append|split|sort|filter|calculate|compute|check|validate|trigger|fire|wait|sleep|retry|exit|stop|start|open|close|install|download|upload|export|import)\\b|\\bwill be (?:saved|stored|written|printed|logged|created|displayed|returned|generated|exported|called|executed|run|triggered|loaded|updated|deleted|removed|added|processed|parsed|converted|split|replaced|installed|downloaded|uploaded|rendered|shown|used|passed|set|reset|cleared|closed|opened|sent|emailed|stored)\\b|\\bwhen (?:you run|it runs|(?:the|this|your) (?:script|code|program|spider|crawler|function|job|loop|test|build) (?:runs|finishes|completes|is run|is executed|starts))`,
  'i',
);
/** What code does, in the present: "The selected options are stored in the `options` state variable". */
const CODE_DOES = new RegExp(
  `\\b(?:this|the|your|my|that|these|those|each|every|its|all)\\s+(?:[\\w.-]+\\s+){0,3}?${CODE_NOUN}\\b[^.!?]{0,40}?\\b(?:is|are|gets?|get) (?:then |now |also |automatically )?(?:saved|stored|written|printed|logged|created|displayed|returned|generated|exported|sent|called|executed|passed|set|updated|added|removed|kept|held)\\b|\\u00B7{3,}`,
  'i',
);
const CODE_IN_TEXT = /```|^\s*(?:import |from \S+ import|def |class |function |const |let |var |#include|public |private |SELECT |<\w+[^>]*>|\$ )|[{};]\s*$|=>/m;
/** Code in a user's message (the same request comes back across a grid). */
const USER_CODE = rememberedTest(CODE_IN_TEXT);
/** The assistant's own later acts stay promises even in a reply about code. */
const OWN_LATER_ACT = /\b(?:i|we)(?:'ll|\s+will)\s+(?:\w+\s+)?(?:remind|notify|email|e-mail|text|call|ping|message|get back|follow up|check (?:in|back)|send you|let you know|update you|keep you)\b/i;

/**
 * What code, a command or a system will do: "This code will extract images from both doc and docx
 * files", "the scraped data will be saved to an Excel file when the spider finishes", "evaluation
 * results will be stored in the specified directories". Only in a conversation that has code in it.
 */
export const codeExplanationFrame: Frame = {
  code: 'code_explanation',
  level: 'sentence',
  summary: 'what code, a command or a system will do, in a conversation about code',
  mark(input) {
    if (!hasCode(input)) return [];
    return input.sentences
      .filter((s) => (ABOUT_CODE.test(s.folded) || CODE_DOES.test(s.folded)) && !(OWN_LATER_ACT.test(s.folded) && hasFixedTime(s.folded)))
      .map((s) => sentenceRegion(s, 'code_explanation'));
  },
  marks: [
    { reply: 'This code will extract images from both doc and docx files.\n```py\nextract()\n```', marked: 'extract images' },
    { user: 'Here is my spider:\n```py\nclass S(Spider): pass\n```', reply: 'The scraped data will be saved to an Excel file when the spider finishes.', marked: 'saved to an Excel file' },
  ],
  ignores: [
    { reply: "The report will be ready tomorrow and I'll email it to you." },
    { reply: "```py\nx = 1\n```\nI'll remind you tomorrow at 9 to run it." },
  ],
};

function hasCode(input: FrameInput): boolean {
  return input.setAside.some((r) => r.frame === 'code') || CODE_IN_TEXT.test(input.text) || userMessages(input.conversation).some(USER_CODE);
}
