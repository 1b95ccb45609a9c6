import { isSpaceCode } from '../char-codes.ts';
import { cueMask, everyCueOpen, hasAnyCue } from '../cues.ts';
import type { Hits } from '../literal-scanner.ts';
import * as L from './frame-lexicon.ts';
import type { Frame } from './frame.ts';

/** Block quotes and quoted speech of a few words or more: someone else's words, or the user's own. */
export const blockquoteFrame: Frame = {
  code: 'blockquote',
  level: 'text',
  summary: 'lines quoted with ">"',
  mark({ text, lines }) {
    if (!text.includes('>')) return [];
    return lines.filter((line) => /^\s*>/.test(line.text)).map((line) => ({ start: line.start, end: line.end, frame: 'blockquote' as const }));
  },
  marks: [{ reply: 'You could send:\n> I will pay the balance on Friday.', marked: 'I will pay' }],
  ignores: [{ reply: "I'll check back in an hour > 5 minutes from now." }],
};

export const quotationFrame: Frame = {
  code: 'quotation',
  level: 'text',
  summary: 'quoted speech of twelve characters or more',
  mark({ text }) {
    if (!text.includes('"')) return [];
    return [...text.matchAll(/"([^"\n]{12,})"/g)].map((m) => ({ start: m.index, end: m.index + m[0].length, frame: 'quotation' as const }));
  },
  marks: [{ reply: 'Just tell them: "I will call you back on Monday."', marked: 'I will call you back' }],
  ignores: [{ reply: 'I\'ll send the "Q3" summary tomorrow.' }],
};

/**
 * Reported speech: what someone else wrote or said, retold in the reply ("Your landlord wrote that he
 * will send the contract next week", "Bob said he'll update the slides"). Their promise, not the
 * assistant's (LABELING.md rule 4, other voices). The speaker is a name, a pronoun of a third person
 * or "your/the …" someone; verbs that also name acts ("added", "noted", "confirmed") need "that".
 */
// Found from the verb, then the speaker just before it: scanning for speakers at every word cost a
// tenth of a label; verbs are rare. The verbs are found where the reply's one literal scan saw them:
// the pattern below, run over a whole reply, cost 7 µs on a reply holding any of them.
const VERB_AND_TAIL = `(?:${L.REPORTING_VERBS.join('|')})(?:\\s+that\\b|,|\\s+(?=he|she|they|it)\\b)|(?:${L.REPORTING_THAT_VERBS.join('|')})\\s+that\\b`;
/** The verb with what follows it, read where a verb starts. */
const VERB_AT = new RegExp(VERB_AND_TAIL, 'y');
/** The same, found anywhere: the white space before it, and "also". */
export const REPORTING_VERB = new RegExp(`\\s(?:also\\s+)?(?:${VERB_AND_TAIL})`, 'g');
const SPEAKER_BEFORE =
  /(?:\b(?:he|she|they)|\b(?!(?:I|We|You|It|This|That|There|Here|Then|Now)\b)[A-Z][a-z]+(?:\s[A-Z][a-z]+)?|\b(?:[Yy]our|[Tt]he|[Hh]is|[Hh]er|[Tt]heir)\s+[a-z]+)\s*$/;
const SPEAKER_WINDOW = 80;
const REPORTED_SPEECH_CUE = cueMask('reported_speech');
const VERBS = [...L.REPORTING_VERBS, ...L.REPORTING_THAT_VERBS];

/**
 * Where REPORTING_VERB matches in `text`, as [start, end] pairs in order, found from the verbs the
 * literal scan saw (`hits`): the white space just before a verb, or before an "also" before it,
 * starts a match, and VERB_AT reads the rest. Matches never overlap (each ends in "that", a comma
 * or a pronoun, none of which starts another), so these are matchAll's matches.
 */
export function reportingVerbs(text: string, hits: Hits): number[] {
  const found: number[] = [];
  if (everyCueOpen()) {
    for (const m of text.matchAll(REPORTING_VERB)) found.push(m.index, m.index + m[0].length);
    return found;
  }
  const { lo, hi } = REPORTED_SPEECH_CUE;
  for (let k = 0; k < hits.count; k++) {
    if ((hits.lo[k]! & lo) === 0 && (hits.hi[k]! & hi) === 0) continue;
    const end = hits.ends[k]!;
    for (const verb of VERBS) {
      const at = end - verb.length;
      // The pattern is case-sensitive: only the verb as written in lower case starts a match.
      if (at < 1 || !text.startsWith(verb, at) || !isSpaceCode(text.charCodeAt(at - 1))) continue;
      VERB_AT.lastIndex = at;
      if (!VERB_AT.test(text)) continue;
      found.push(alsoBefore(text, at - 1), VERB_AT.lastIndex);
    }
  }
  return found;
}

/** Where the match of a verb at `space` + 1 starts: at `space`, or at the white space before "also" and the spaces after it. */
function alsoBefore(text: string, space: number): number {
  let i = space;
  while (i > 0 && isSpaceCode(text.charCodeAt(i - 1))) i--;
  return i >= 5 && text.startsWith('also', i - 4) && isSpaceCode(text.charCodeAt(i - 5)) ? i - 5 : space;
}

export const reportedSpeechFrame: Frame = {
  code: 'reported_speech',
  level: 'text',
  summary: "someone else's words retold ('Bob said he will…')",
  mark({ text, cues, hits }) {
    if (!hasAnyCue(cues, REPORTED_SPEECH_CUE)) return [];
    const regions = [];
    const found = reportingVerbs(text, hits);
    for (let i = 0; i < found.length; i += 2) {
      const index = found[i]!;
      const from = Math.max(0, index - SPEAKER_WINDOW);
      const speaker = SPEAKER_BEFORE.exec(text.slice(from, index));
      // A speaker cut by the window's edge is no speaker.
      if (speaker === null || (speaker.index === 0 && from > 0)) continue;
      const start = found[i + 1]!;
      const rest = text.slice(start);
      const end = start + rest.search(/[.!?\n](?:\s|$)|$/);
      if (end > start) regions.push({ start, end, frame: 'reported_speech' as const });
    }
    return regions;
  },
  marks: [
    { reply: 'Your landlord wrote that starting in July the rent will be 1,200 CHF, and that he will send you the new contract next week.', marked: 'he will send you the new contract' },
    { reply: 'Bob said he will update the slides tonight.', marked: 'he will update the slides' },
    { reply: 'In the thread, Charlie mentioned that he will bring cookies tomorrow.', marked: 'he will bring cookies' },
  ],
  ignores: [
    { reply: 'I said I will send it tomorrow.' },
    { reply: "Bob added the file, and I'll review it tomorrow." },
    { reply: 'You said you want a reminder, so I will remind you at 9.' },
  ],
};
