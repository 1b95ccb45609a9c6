/**
 * Splits a reply into the sentences the assistant says in its own voice. Text it writes for the
 * user (a drafted email, a quoted line, a code block, a story) carries no commitment of its own,
 * so those regions are set aside before any rule runs. Offsets always point into the original
 * text, so spans are copied exactly as written.
 */

export interface Sentence {
  /** Exact text, as written. */
  text: string;
  start: number;
  end: number;
  /** The same text with typographic quotes and apostrophes folded to ASCII (same length). */
  folded: string;
}

export interface SetAside {
  start: number;
  end: number;
  reason: 'code' | 'blockquote' | 'quotation' | 'draft' | 'letter' | 'creative';
}

export interface Regions {
  sentences: Sentence[];
  setAside: SetAside[];
}

/** Same-length folding: typographic apostrophes and quotes become ASCII, so offsets stay valid. */
export function fold(text: string): string {
  return text.replace(/[\u2018\u2019\u02BC\u00B4\u2032]/g, "'").replace(/[\u201C\u201D\u201E]/g, '"');
}

const DRAFT_INTRO =
  /\b(draft|message|email|e-mail|text|note|letter|script|post|version|template|wording|reply|caption|announcement|invitation|invite|speech|toast|bio|copy|you (?:can|could) (?:send|post|paste|use|say)|something like)\b[^\n]{0,80}:\s*$/i;
const SALUTATION = /^\s*(?:\*\*)?(?:subject:|dear\b|hi\b|hello\b|hey\b|to whom|good (?:morning|afternoon|evening)\b)[^\n]{0,60}$/i;
const SIGN_OFF =
  /^\s*(?:kind regards|best regards|warm regards|regards|best wishes|best|thanks(?: again)?|thank you|many thanks|sincerely|yours(?: sincerely| faithfully| truly)?|cheers|all the best|speak soon|talk soon)\s*[,.!]?\s*$/i;
const RULE_LINE = /^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/;
/** A request to write fiction or play a part: "write me a poem", "let's role-play" (not "remind me about the song"). */
const CREATIVE_REQUEST =
  /\b(?:write|tell|compose|make up|create|draft|give|come up with|invent|read)\b[^.?!]{0,40}\b(?:story|stories|poem|poetry|song|lyrics|limerick|haiku|sonnet|rap|script|dialogue|screenplay|fable|fairy tale)\b|\b(?:role-?play|pretend (?:to be|you'?re)|act as)\b/i;

/**
 * Replies are untrusted and may be huge: only the first MAX_REPLY_CHARS are read, and a "sentence"
 * without punctuation is cut every MAX_SENTENCE_CHARS, so every rule runs on bounded text.
 */
export const MAX_REPLY_CHARS = 50_000;
export const MAX_SENTENCE_CHARS = 1_000;

export function ownVoice(fullText: string, userText = ''): Regions {
  const text = fullText.length > MAX_REPLY_CHARS ? fullText.slice(0, MAX_REPLY_CHARS) : fullText;
  const folded = fold(text);
  const setAside: SetAside[] = [];
  const lines = lineSpans(folded);

  // (Each pattern runs only when its marker character occurs at all: most replies have none.)
  if (folded.includes('`')) {
    for (const match of folded.matchAll(/```[\s\S]*?(?:```|$)/g)) {
      setAside.push({ start: match.index, end: match.index + match[0].length, reason: 'code' });
    }
    for (const match of folded.matchAll(/`[^`\n]+`/g)) {
      setAside.push({ start: match.index, end: match.index + match[0].length, reason: 'code' });
    }
  }
  if (folded.includes('>')) {
    for (const line of lines) {
      if (/^\s*>/.test(line.text)) setAside.push({ start: line.start, end: line.end, reason: 'blockquote' });
    }
  }
  // Quoted speech of a few words or more is someone else's (or the user's future) words.
  if (folded.includes('"')) {
    for (const match of folded.matchAll(/"([^"\n]{12,})"/g)) {
      setAside.push({ start: match.index, end: match.index + match[0].length, reason: 'quotation' });
    }
  }
  markDrafts(lines, setAside);
  if (CREATIVE_REQUEST.test(fold(userText))) markCreative(folded, lines, setAside);

  // Quotations and inline code sit inside a sentence: mask them there; blocks cut sentences apart.
  const inline = setAside.filter((r) => r.reason === 'quotation' || (r.reason === 'code' && !folded.startsWith('```', r.start)));
  const masked = inline.reduce((t, r) => t.slice(0, r.start) + '\u00B7'.repeat(r.end - r.start) + t.slice(r.end), folded);
  const blocks = setAside.filter((r) => !inline.includes(r));
  return { sentences: splitSentences(text, masked, mergeRanges(blocks)), setAside: mergeRanges(setAside) };
}

interface Line {
  text: string;
  start: number;
  end: number;
}

function lineSpans(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const part of text.split('\n')) {
    lines.push({ text: part, start, end: start + part.length });
    start += part.length + 1;
  }
  return lines;
}

/**
 * A draft is what follows an introduction like "Here's a message you can send:" (up to the next
 * horizontal rule or the end of its paragraph), anything between two horizontal rules when the
 * text before them introduces a draft, and a letter from its salutation to its sign-off.
 */
function markDrafts(lines: Line[], setAside: SetAside[]): void {
  const rules = lines.filter((line) => RULE_LINE.test(line.text));
  if (rules.length >= 2) {
    const first = rules[0]!;
    const last = rules.at(-1)!;
    setAside.push({ start: first.start, end: last.end, reason: 'draft' });
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.text.trimEnd().endsWith(':') && DRAFT_INTRO.test(line.text)) {
      let j = i + 1;
      while (j < lines.length && lines[j]!.text.trim() === '') j++;
      if (j < lines.length && RULE_LINE.test(lines[j]!.text)) continue; // handled by the rule pair
      let end = j;
      // A draft runs to its sign-off when it is a letter, else to the end of its paragraph.
      const letterEnd = findSignOff(lines, j);
      if (letterEnd >= 0) end = letterEnd;
      else while (end + 1 < lines.length && lines[end + 1]!.text.trim() !== '') end++;
      if (j < lines.length) setAside.push({ start: lines[j]!.start, end: lines[Math.min(end, lines.length - 1)]!.end, reason: 'draft' });
    } else if (SALUTATION.test(line.text)) {
      const end = findSignOff(lines, i);
      if (end >= 0) setAside.push({ start: line.start, end: lines[end]!.end, reason: 'letter' });
    }
  }
}

/** Index of the line that closes a letter (the sign-off and the name under it), or -1. */
function findSignOff(lines: Line[], from: number): number {
  if (from >= lines.length || !SALUTATION.test(lines[from]!.text)) return -1;
  for (let k = from + 1; k < Math.min(lines.length, from + 40); k++) {
    if (SIGN_OFF.test(lines[k]!.text)) {
      const next = lines[k + 1];
      return next && next.text.trim() !== '' && next.text.trim().length <= 40 ? k + 1 : k;
    }
  }
  return -1;
}

/** For a story, poem or role-play the user asked for, only the framing paragraphs are the assistant's own. */
function markCreative(text: string, lines: Line[], setAside: SetAside[]): void {
  const paragraphs: Line[] = [];
  let current: Line | null = null;
  for (const line of lines) {
    if (line.text.trim() === '') {
      current = null;
      continue;
    }
    if (current) current.end = line.end;
    else paragraphs.push((current = { ...line }));
  }
  if (paragraphs.length === 0) return;
  const first = paragraphs[0]!;
  const last = paragraphs.at(-1)!;
  const introIsFraming = paragraphs.length > 1 && /[:!]\s*$/.test(text.slice(first.start, first.end)) && first.end - first.start < 160;
  const closingIsFraming = paragraphs.length > 2 && last.end - last.start < 240;
  const start = introIsFraming ? paragraphs[1]!.start : first.start;
  const end = closingIsFraming ? paragraphs.at(-2)!.end : last.end;
  if (end > start) setAside.push({ start, end, reason: 'creative' });
}

function mergeRanges(ranges: SetAside[]): SetAside[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const merged: SetAside[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * Sentences end at . ! ? (followed by space or end), at line breaks (list items, paragraphs) and
 * at the edges of set-aside regions. Abbreviations common in replies ("e.g.", "a.m.") are kept whole.
 */
const BOUNDARY = /[.!?]+(?=[\s)\]*_"']|$)|\n+/g;
const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|mr|mrs|ms|dr|st|no|approx|a\.m|p\.m|u\.k|u\.s)\.$/i;

function splitSentences(text: string, folded: string, setAside: SetAside[]): Sentence[] {
  const sentences: Sentence[] = [];
  let cursor = 0;
  const pieces: [number, number][] = [];
  for (const range of setAside) {
    if (range.start > cursor) pieces.push([cursor, range.start]);
    cursor = Math.max(cursor, range.end);
  }
  if (cursor < text.length) pieces.push([cursor, text.length]);

  for (const [pieceStart, pieceEnd] of pieces) {
    const piece = folded.slice(pieceStart, pieceEnd);
    let start = 0;
    BOUNDARY.lastIndex = 0;
    for (let match = BOUNDARY.exec(piece); match; match = BOUNDARY.exec(piece)) {
      const end = match.index + match[0].length;
      if (match[0][0] === '.' && ABBREVIATION.test(piece.slice(Math.max(0, match.index - 6), match.index + 1))) continue;
      // "1. Passport": a list number, not the end of a sentence.
      if (match[0][0] === '.' && /(?:^|\n)[ \t]*\d{1,3}$/.test(piece.slice(Math.max(0, match.index - 6), match.index))) continue;
      push(start, end);
      start = end;
    }
    push(start, piece.length);

    function push(from: number, to: number): void {
      for (; to - from > MAX_SENTENCE_CHARS; ) {
        const cut = piece.lastIndexOf(' ', from + MAX_SENTENCE_CHARS);
        const at = cut > from ? cut : from + MAX_SENTENCE_CHARS;
        pushBounded(from, at);
        from = at;
      }
      pushBounded(from, to);
    }

    function pushBounded(from: number, to: number): void {
      let a = pieceStart + from;
      let b = pieceStart + to;
      while (a < b && /\s/.test(text[a]!)) a++;
      while (b > a && /\s/.test(text[b - 1]!)) b--;
      if (b - a < 2) return;
      sentences.push({ text: text.slice(a, b), start: a, end: b, folded: folded.slice(a, b) });
    }
  }
  return sentences;
}
