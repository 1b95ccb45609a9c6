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
