import { phrasesByFirstWord } from '../lexicon.ts';
import { rememberedTest } from '../remembered-test.ts';
import * as L from './frame-lexicon.ts';
import type { Frame, Region } from './frame.ts';

/** A role-play, game or persona the user set up in this conversation. */
const USER_SETUP = rememberedTest(new RegExp(`\\b(?:${phrasesByFirstWord(L.GAME_SETUPS)}|${phrasesByFirstWord(L.GAME_SETUP_WORDS)}\\b)`, 'i'));
/** In a system prompt, "You are a support agent" sets a job, not a role-play: only explicit game words count. */
const SYSTEM_SETUP = rememberedTest(new RegExp(`\\b${phrasesByFirstWord(L.SYSTEM_GAME_WORDS)}\\b`, 'i'));
/** The user stepping out of the game: the reply is the assistant's own again. */
const OUT_OF_GAME = rememberedTest(new RegExp(`\\b${phrasesByFirstWord(L.OUT_OF_GAME)}\\b`, 'i'));
/**
 * An action written between asterisks, in the third person: "*walks into the tavern*", "*hugs you
 * back*". A user who acts like this is playing a scene; emphasis ("*this*", "*always*") is not.
 */
const EMOTE = /(?:^|[\s(])\*([a-z]{3,}s)(?:\s[^*\n]{1,80})?\*(?=$|[\s.,!?)])/gm;
const NOT_EMOTES = new Set(['this', 'always', 'unless', 'less', 'does', 'was', 'has', 'yes', 'thus', 'plus', 'its', 'his', 'hers', 'ours', 'yours', 'theirs', 'perhaps', 'across', 'regardless', 'nevertheless', 'process', 'access', 'address', 'business', 'class', 'status', 'focus', 'bonus', 'various', 'serious', 'previous', 'famous', 'obvious', 'tips', 'steps', 'notes', 'results', 'details', 'options', 'things', 'questions']);

function hasEmote(text: string): boolean {
  if (!text.includes('*')) return false;
  for (const m of text.matchAll(EMOTE)) if (!NOT_EMOTES.has(m[1]!.toLowerCase())) return true;
  return false;
}

/** Parts handed out by name: "You play Aragorn, I'll be Frodo", "you are Batman and I am Robin" (names capitalised). */
// Remembered per message: it reads the user's earlier messages too, every turn.
const CAST = rememberedTest(/\b[Yy]ou(?:'ll| will)? (?:play|be|are) (?:the )?[A-Z][\w-]*,? (?:and )?I(?:'ll| will| am|'m) (?:be |play )?(?:the )?[A-Z]/);
/** Parts handed out by role: "You are a barista, I'm your trainee", "you're my teacher and I am your student". */
const ROLES = rememberedTest(/\byou(?:'re|'ll be| are| will be| play) (?:a|an|my|the) [\w-]+(?: [\w-]+)?,? (?:and |while )?i(?:'m| am|'ll be| will be| play) (?:a|an|your|the) [\w-]+/i);

const OOC = /\((?:ooc|out of character)\b[^)]*\)|^\s*(?:ooc|\[ooc\])\b.*$/gim;

/**
 * In a role-play, a text adventure or a persona game set up earlier (or in the system prompt), or
 * with a user acting out a scene ("*walks into the tavern*"), the reply speaks in character: "I will attach the portafilter to the espresso machine" is a move in
 * the game. Out-of-character asides stay the assistant's own.
 */
export const rolePlayFrame: Frame = {
  code: 'role_play',
  level: 'text',
  summary: 'a reply in character, in a role-play or game set up earlier in the conversation',
  mark({ text, conversation }) {
    if (OUT_OF_GAME(conversation.userText)) return [];
    const setUp =
      SYSTEM_SETUP(conversation.systemPrompt) || USER_SETUP(conversation.userText) || conversation.earlierUser.some(USER_SETUP) || hasEmote(conversation.userText) ||
      CAST(conversation.userText) || conversation.earlierUser.some(CAST) || ROLES(conversation.userText) || conversation.earlierUser.some(ROLES);
    if (!setUp) return [];
    const regions: Region[] = [];
    let cursor = 0;
    for (const aside of text.matchAll(OOC)) {
      if (aside.index > cursor) regions.push({ start: cursor, end: aside.index, frame: 'role_play' });
      cursor = aside.index + aside[0].length;
    }
    if (cursor < text.length) regions.push({ start: cursor, end: text.length, frame: 'role_play' });
    return regions;
  },
  marks: [
    { earlier: ["Let's role-play: you are a barista and I'm your trainee."], user: 'What do you do first?', reply: 'I will attach the portafilter to the espresso machine.', marked: 'attach the portafilter' },
    { system: 'You are the narrator of a text adventure.', user: 'go north', reply: "You enter a cave. I'll describe what you find once your torch is lit." },
    { user: '*walks into the tavern* Barkeep, a room for the night!', reply: "*wipes a mug* Sure, traveler. I'll wake you at dawn tomorrow.", marked: 'wake you at dawn' },
    { earlier: ["You play Aragorn, I'll be Frodo."], user: 'Where are we going?', reply: "I'll meet you at the river by morning.", marked: 'meet you' },
    { user: "You are a barista, I'm your trainee. Show me.", reply: 'I will attach the portafilter and lock it in place.', marked: 'attach the portafilter' },
    { earlier: ["You're my driving instructor and I'm a nervous learner."], user: 'What now?', reply: "I'll check the mirrors, then I'll pull out slowly.", marked: 'check the mirrors' },
  ],
  ignores: [
    { system: 'You are a helpful support agent for Northwind Utilities.', user: 'Can someone call me?', reply: 'Someone from billing will call you tomorrow.' },
    { earlier: ["Let's role-play a job interview."], user: 'OK, out of character now: remind me tomorrow to practise.', reply: "I'll remind you tomorrow." },
    { user: 'I *really* need this: remind me at 9 about the *process* review.', reply: "I'll remind you at 9." },
    { earlier: ["You play Aragorn, I'll be Frodo."], user: 'OK, out of character: remind me at 9 to call mum.', reply: "I'll remind you at 9." },
    { user: "You are right, I'm a beginner. Can you email me the notes tomorrow?", reply: "I'll email you the notes tomorrow." },
  ],
};

/** Speaker labels that are not speakers. */
const NOT_SPEAKERS = new Set(['note', 'notes', 'step', 'tip', 'tips', 'example', 'subject', 'answer', 'question', 'summary', 'output', 'input', 'result', 'warning', 'important', 'pros', 'cons', 'title', 'option', 'solution', 'explanation', 'code', 'q', 'a', 'reason', 'update', 'ps', 'p.s', 'source', 'date', 'time', 'location', 'status', 'total', 'price', 'cost', 'reminder', 'remember', 'ingredients', 'instructions', 'method', 'description', 'response', 'reply', 'email', 'message', 'text', 'to', 'from', 'cc', 'objective', 'goal', 'task', 'context', 'caution', 'definition', 'bonus', 'fact', 'correction', 'edit']);
const SPEAKER_LINE = /^\s*(?:\*\*)?([A-Z][\w.'-]*(?: [A-Z0-9][\w.'-]*){0,2}|[a-z]+[\w-]*\d+)(?:\*\*)?\s*(?:\([^)]{0,30}\))?\s*:(?:\*\*)?\s+\S/;
/** Schedules and outlines label lines with days, times and parts: "Monday: …", "Week 2: …". */
const SCHEDULE_LABEL = new RegExp(`^${phrasesByFirstWord(L.SCHEDULE_LABELS)}\\b`, 'i');

/** A script or chat log in the reply: lines spoken by two or more named speakers ("User1: …", "animator4: …"). */
export const dialogueFrame: Frame = {
  code: 'dialogue',
  level: 'text',
  summary: 'lines of a script or chat log with two or more named speakers',
  mark({ text, lines }) {
    // Every speaker line has a colon.
    if (!text.includes(':')) return [];
    const speakerLines = lines.filter((line) => {
      // A speaker line has a colon: most lines are done with before the pattern runs.
      const m = line.text.includes(':') ? SPEAKER_LINE.exec(line.text) : null;
      return m !== null && !NOT_SPEAKERS.has(m[1]!.toLowerCase()) && !SCHEDULE_LABEL.test(m[1]!);
    });
    if (speakerLines.length < 2) return [];
    const speakers = new Set(speakerLines.map((line) => SPEAKER_LINE.exec(line.text)![1]!.toLowerCase()));
    if (speakers.size < 2) return [];
    return speakerLines.map((line) => ({ start: line.start, end: line.end, frame: 'dialogue' as const }));
  },
  marks: [{ reply: "Maya: Are you coming tonight?\nLeo: I'll be there at eight, I promise.", marked: "I'll be there" }],
  ignores: [{ reply: "Note: I'll remind you at 8.\nStep 1: open the app." }, { reply: "Monday: I'll send the list.\nFriday: I'll check in." }],
};
