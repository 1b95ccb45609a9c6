import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeReply } from './normalized-reply.ts';

test('ordinary text is read as it is: no copy, no map', () => {
  for (const text of [
    "Sure! I'll remind you tomorrow at 9am.",
    'It’s “done” — café, naïve, 10 €, 50\u00A0km, résumé (e\u0301)…',
    'Я напомню вам о платеже завтра утром. Хорошо?',
    'Η συνάντηση είναι αύριο.',
    '我会提醒你。明天见！',
    'Great job ❤️ 👩‍💻 👍🏽 ⏰',
  ]) {
    assert.equal(normalizeReply(text), undefined, text);
  }
});

test('zero-width and other invisible characters are taken out; offsets map back across them', () => {
  const text = "Sure! I\u200B'll re\u00ADmind you.";
  const normalized = normalizeReply(text)!;
  assert.equal(normalized.text, "Sure! I'll remind you.");
  const at = normalized.text.indexOf("I'll");
  assert.equal(normalized.original(at, at + "I'll remind".length), "I\u200B'll re\u00ADmind");
  assert.equal(normalized.restore("I'll remind you"), "I\u200B'll re\u00ADmind you");
});

test('joiners and variation selectors go where they touch a word, and stay in emoji', () => {
  assert.equal(normalizeReply("I\u200D'll do it ❤️")?.text, "I'll do it ❤️");
  assert.equal(normalizeReply("I'll\uFE0F do it")?.text, "I'll do it");
});

test('terminal escape sequences are taken out whole; an OSC payload stays, as a chat window shows it', () => {
  assert.equal(normalizeReply("\u001b[1;31mI'll\u001b[0m call you.")?.text, "I'll call you.");
  assert.equal(normalizeReply('\u001b]0;title\u0007I will call you.')?.text, '0;title I will call you.');
  assert.equal(normalizeReply('\u001b]52;c;aGk=\u001b\\Done.')?.text, '52;c;aGk= Done.');
  // An OSC without its end does not swallow the rest of the reply.
  assert.equal(normalizeReply("\u001b]0;I'll call you tomorrow.")?.text, "0;I'll call you tomorrow.");
  assert.equal(normalizeReply('Clear\u001b[2J this.\u009b31mRed.')?.text, 'Clear this.Red.');
  assert.equal(normalizeReply('a\u0007b\u0000c\u007fd\r\n\te')?.text, 'abcd\r\n\te');
});

test('full-width letters, ligatures and mathematical letters become ASCII; the original keeps its surrogate pairs', () => {
  assert.equal(normalizeReply('\uFF29\uFF07ll \uFB01nd it')?.text, "I'll find it");
  const bold = '\u{1D408}\u{1D425}\u{1D425} do it';
  const normalized = normalizeReply(bold)!;
  assert.equal(normalized.text, 'Ill do it');
  assert.equal(normalized.original(0, 3), '\u{1D408}\u{1D425}\u{1D425}');
  // Letterlike symbols count only as a single letter: ™ is not "TM".
  assert.equal(normalizeReply('Acme™ will ℓove it')?.text, 'Acme™ will love it');
});

test('Cyrillic and Greek lookalikes become Latin inside Latin words and beside them, never in their own text', () => {
  assert.equal(normalizeReply("\u0406'll r\u0435mind you")?.text, "I'll remind you");
  assert.equal(normalizeReply('\u0406 will remind you')?.text, 'I will remind you');
  assert.equal(normalizeReply('The Greek \u03BF\u03C5 is a diphthong.')?.text, 'The Greek ou is a diphthong.');
  assert.equal(normalizeReply('Он сказал: I will call.'), undefined);
});

test('HTML entities are read as the characters a Markdown chat shows; text that only holds an ampersand is not touched', () => {
  assert.equal(normalizeReply('I&#39;ll call you, Tom &amp; Jerry &lt;3')?.text, "I'll call you, Tom & Jerry <3");
  const normalized = normalizeReply('I&#x27;ll call you.')!;
  assert.equal(normalized.text, "I'll call you.");
  assert.equal(normalized.restore("I'll call"), 'I&#x27;ll call');
  assert.equal(normalizeReply('R&D, Q&A & more; &unknown; &#xZZ;'), undefined);
});

test('apostrophe-like characters become the apostrophe; a backtick only inside a word, never around code', () => {
  assert.equal(normalizeReply('I`ll call you.')?.text, "I'll call you.");
  assert.equal(normalizeReply('Run `npm test` then `ls`.'), undefined);
  for (const mark of ['\u02C8', '\u02CA', '\u02CB', '\u055A', '\u05F3', '\u1FEF', '\u1FFD', '\uFF40']) assert.equal(normalizeReply(`I${mark}ll call you.`)?.text, "I'll call you.", mark);
});

test('confusable letters: capital I or the digit 1 for l, small l for I, small capitals, dotless i', () => {
  assert.equal(normalizeReply('I wiII caII you, I wi11 too.')?.text, 'I will call you, I will too.');
  assert.equal(normalizeReply("I'II do it; l'll do it; l've done it.")?.text, "I'll do it; I'll do it; I've done it.");
  assert.equal(normalizeReply("I'\u029F\u029F \u1D04\u1D00\u029F\u029F you")?.text, "I'll call you");
  assert.equal(normalizeReply('I w\u0131ll')?.text, 'I will');
  // Names and identifiers keep their capitals: camel humps, initials, Roman numerals, versions.
  for (const text of ['getItem and LinkedIn, McIntosh, iPhone', 'Henry VIII and World War II', 'Use v1 or h1 or mp3 or 100 ml.', 'Ill health. IIRC, it was III.']) assert.equal(normalizeReply(text), undefined, text);
});
