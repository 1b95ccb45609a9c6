import { cueMask, hasAnyCue } from '../cues.ts';
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
// tenth of a label; verbs are rare.
const REPORTING_VERB =
  /\s(?:also\s+)?(?:(?:wrote|writes|said|says|mentioned|mentions|replied|replies|explained|explains|stated|states|promised|promises|told you|tells you|let you know)(?:\s+that\b|,|\s+(?=he|she|they|it)\b)|(?:added|adds|noted|notes|confirmed|confirms)\s+that\b)/g;
const SPEAKER_BEFORE =
  /(?:\b(?:he|she|they)|\b(?!(?:I|We|You|It|This|That|There|Here|Then|Now)\b)[A-Z][a-z]+(?:\s[A-Z][a-z]+)?|\b(?:[Yy]our|[Tt]he|[Hh]is|[Hh]er|[Tt]heir)\s+[a-z]+)\s*$/;
const SPEAKER_WINDOW = 80;
const REPORTED_SPEECH_CUE = cueMask('reported_speech');

export const reportedSpeechFrame: Frame = {
  code: 'reported_speech',
  level: 'text',
  summary: "someone else's words retold ('Bob said he will…')",
  mark({ text, cues }) {
    if (!hasAnyCue(cues, REPORTED_SPEECH_CUE)) return [];
    const regions = [];
    for (const m of text.matchAll(REPORTING_VERB)) {
      const from = Math.max(0, m.index - SPEAKER_WINDOW);
      const speaker = SPEAKER_BEFORE.exec(text.slice(from, m.index));
      // A speaker cut by the window's edge is no speaker.
      if (speaker === null || (speaker.index === 0 && from > 0)) continue;
      const start = m.index + m[0].length;
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
