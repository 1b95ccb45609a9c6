import type { Frame } from './frame.ts';

/** Fenced blocks and inline code: program text, never the assistant's promise. */
export const codeFrame: Frame = {
  code: 'code',
  level: 'text',
  summary: 'code blocks and inline code',
  mark({ text }) {
    if (!text.includes('`')) return [];
    const regions = [...text.matchAll(/```[\s\S]*?(?:```|$)/g)].map((m) => ({ start: m.index, end: m.index + m[0].length, frame: 'code' as const }));
    for (const m of text.matchAll(/`[^`\n]+`/g)) regions.push({ start: m.index, end: m.index + m[0].length, frame: 'code' });
    return regions;
  },
  marks: [{ reply: 'Here it is:\n```js\n// I will email you when done\nsend();\n```', marked: 'I will email you' }, { reply: 'Call `remindLater()` to queue it.', marked: 'remindLater' }],
  ignores: [{ reply: "I'll remind you tomorrow at 9." }],
};
