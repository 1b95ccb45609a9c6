import { cueMask, cuesIn, hasAnyCue } from '../cues.ts';
import { phrasesByFirstWord } from '../lexicon.ts';
import type { Frame, Line, Region } from './frame.ts';
import { isAsciiLetter, isSpaceCode } from '../char-codes.ts';
import * as L from './frame-lexicon.ts';

const DRAFT_INTRO = new RegExp(`\\b${phrasesByFirstWord(L.DRAFT_INTROS)}\\b[^\\n]{0,80}:\\s*$`, 'i');
export const SALUTATION = new RegExp(`^\\s*(?:\\*\\*)?(?:subject:|to whom|${phrasesByFirstWord(L.GREETINGS)}\\b)[^\\n]{0,60}$`, 'i');
/** The first word of every salutation (lower case): a line whose first word is none of these is no salutation. */
const SALUTATION_WORDS = [...new Set(['subject', 'to', ...L.GREETINGS.map((greeting) => greeting.split(' ')[0]!)])];

/** SALUTATION, tested only on a line whose first word could open one. */
export function isSalutation(text: string): boolean {
  let i = 0;
  while (i < text.length && isSpaceCode(text.charCodeAt(i))) i++;
  if (text.startsWith('**', i)) i += 2;
  let j = i;
  while (j < text.length && isAsciiLetter(text.charCodeAt(j))) j++;
  for (const word of SALUTATION_WORDS) if (isWordAt(text, i, j, word)) return SALUTATION.test(text);
  return false;
}

/** `text` from `start` to `end` is `word` (lower case, ASCII letters), in any case; read in place, as this runs on every line. */
function isWordAt(text: string, start: number, end: number, word: string): boolean {
  if (end - start !== word.length) return false;
  for (let k = 0; k < word.length; k++) if ((text.charCodeAt(start + k) | 32) !== word.charCodeAt(k)) return false;
  return true;
}
const SIGN_OFF = new RegExp(`^\\s*${phrasesByFirstWord(L.SIGN_OFFS)}\\s*[,.!]?\\s*$`, 'i');
const RULE_PATTERN = /^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/;
/** A horizontal rule ("---", "***", "___"): a line whose first mark is none of these is done with at once. */
function isRuleLine(text: string): boolean {
  let i = 0;
  while (i < text.length && isSpaceCode(text.charCodeAt(i))) i++;
  const first = text.charCodeAt(i);
  return (first === 45 || first === 42 || first === 95) && RULE_PATTERN.test(text); // - * _
}

/** Three marks of a horizontal rule in a row, somewhere in the text: RULE_PATTERN can match only then. */
function hasRuleRun(text: string): boolean {
  return text.includes('---') || text.includes('***') || text.includes('___');
}

/** The line's last mark, white space aside, is a colon ("Here's a message you can send:"). */
function endsWithColon(text: string): boolean {
  let i = text.length;
  while (i > 0 && isSpaceCode(text.charCodeAt(i - 1))) i--;
  return text.charCodeAt(i - 1) === 58;
}

/**
 * Text written for the user to send or publish: what follows "Here's a message you can send:" (to
 * the next horizontal rule or the end of its paragraph), anything between two horizontal rules, and
 * a letter from its salutation to its sign-off.
 */
export const draftFrame: Frame = {
  code: 'draft',
  level: 'text',
  summary: 'drafts introduced as such, and text between horizontal rules',
  mark({ text, lines, hits }) {
    const regions: Region[] = [];
    const ruled = hasRuleRun(text);
    // A draft opens after a colon or sits between horizontal rules: a reply with neither holds none.
    if (!ruled && !text.includes(':')) return regions;
    const rules = ruled ? lines.filter((line) => isRuleLine(line.text)) : [];
    if (rules.length >= 2) regions.push({ start: rules[0]!.start, end: rules.at(-1)!.end, frame: 'draft' });
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (!(endsWithColon(line.text) && hasAnyCue(cuesIn(hits, line.start, line.end), DRAFT_INTRO_CUE) && DRAFT_INTRO.test(line.text))) continue;
      let j = i + 1;
      while (j < lines.length && lines[j]!.text.trim() === '') j++;
      if (j >= lines.length || isRuleLine(lines[j]!.text)) continue; // handled by the rule pair
      // A draft runs to its sign-off when it is a letter, else to the end of its paragraph.
      let end = findSignOff(lines, j);
      if (end < 0) for (end = j; end + 1 < lines.length && lines[end + 1]!.text.trim() !== ''; ) end++;
      regions.push({ start: lines[j]!.start, end: lines[end]!.end, frame: 'draft' });
    }
    return regions;
  },
  marks: [{ reply: "Here's a message you can send:\n\nHi Sam, I'll have the report to you by Friday.", marked: "I'll have the report" }],
  ignores: [{ reply: "I'll remind you on Friday: that's the day before the deadline." }],
};

export const letterFrame: Frame = {
  code: 'letter',
  level: 'text',
  summary: 'letters, from salutation to sign-off',
  mark({ lines, cues }) {
    const regions: Region[] = [];
    if (!hasAnyCue(cues, SIGN_OFF_CUE)) return regions;
    for (let i = 0; i < lines.length; i++) {
      if (!isSalutation(lines[i]!.text)) continue;
      const end = findSignOff(lines, i);
      if (end >= 0) regions.push({ start: lines[i]!.start, end: lines[end]!.end, frame: 'letter' });
    }
    return regions;
  },
  marks: [{ reply: 'Dear Ms Lee,\nI will follow up next week with the figures.\nKind regards,\nAna', marked: 'I will follow up' }],
  ignores: [{ reply: "Hi! I'll follow up next week with the figures." }],
};

const SIGN_OFF_CUE = cueMask('sign_off');
const DRAFT_INTRO_CUE = cueMask('draft_intro');

/** Index of the line that closes a letter (the sign-off and the name under it), or -1. */
function findSignOff(lines: readonly Line[], from: number): number {
  if (from >= lines.length || !isSalutation(lines[from]!.text)) return -1;
  for (let k = from + 1; k < Math.min(lines.length, from + 40); k++) {
    if (SIGN_OFF.test(lines[k]!.text)) {
      const next = lines[k + 1];
      return next && next.text.trim() !== '' && next.text.trim().length <= 40 ? k + 1 : k;
    }
  }
  return -1;
}
