/**
 * The English-only heuristic (reply-language.ts): replies it must keep as English, including the
 * hard ones (short, lists of names, code, a quoted foreign phrase), and replies in other languages
 * and scripts it must set aside.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { replyLanguage } from './reply-language.ts';

describe('read as English', () => {
  const english: [string, string][] = [
    ['a plain promise', "I'll remind you tomorrow morning to pay the rent."],
    ['a completion report', "Done! I've set a reminder for 9:00 tomorrow to pay your rent."],
    ['a refusal', "I can't set reminders, but you could add one to your phone's calendar."],
    ['short', 'OK!'],
    ['short, foreign-looking', 'Sí, claro.'],
    ['a list of places', 'Options: Paris, Lyon, Marseille, Toulouse, Bordeaux, Nantes, Lille.'],
    ['a quoted foreign phrase', "Sure: 'la casa es grande' means 'the house is big' in Spanish."],
    ['code', 'Run `npm install --save-exact felicity-ai` and then `npx felicity check logs.jsonl`.'],
    ['a flight table', 'AF 123 CDG 08:05 JFK 10:40\nAF 125 CDG 13:30 JFK 16:05\nDL 401 CDG 10:15 ATL 14:20'],
    ['names with accents', 'I have forwarded your note to José Núñez and Zoë Brontë; they will reply by Friday.'],
    ['empty', ''],
  ];
  for (const [name, reply] of english) test(name, () => assert.equal(replyLanguage(reply), 'english'));
});

describe('set aside: another language', () => {
  const foreign: [string, string][] = [
    ['Spanish', 'Claro, te recordaré mañana por la mañana que pagues el alquiler.'],
    ['French', 'Bien sûr, je vous rappellerai demain matin de payer le loyer.'],
    ['German', 'Natürlich, ich werde Sie morgen früh an die Miete erinnern.'],
    ['Italian', 'Certo, domani mattina ti ricorderò di pagare il affitto, non preoccuparti per questo.'],
    ['Portuguese', 'Claro, amanhã de manhã eu vou lembrar você de pagar o aluguel da casa.'],
    ['Dutch', 'Natuurlijk, ik zal je morgen herinneren aan het betalen van de huur.'],
  ];
  for (const [name, reply] of foreign) test(name, () => assert.equal(replyLanguage(reply), 'other_language'));
});

describe('set aside: another script', () => {
  const scripts: [string, string][] = [
    ['Russian', 'Конечно, я напомню вам завтра утром оплатить аренду.'],
    ['Japanese', 'もちろんです。明日の朝、家賃の支払いをリマインドします。'],
    ['Chinese', '好的,我明天早上会提醒您支付房租。'],
    ['Arabic', 'بالتأكيد، سأذكرك صباح الغد بدفع الإيجار.'],
    ['Greek', 'Φυσικά, θα σας υπενθυμίσω αύριο το πρωί να πληρώσετε το ενοίκιο.'],
  ];
  for (const [name, reply] of scripts) test(name, () => assert.equal(replyLanguage(reply), 'other_script'));
});

test('a long reply is read from its start only, and still decided', () => {
  assert.equal(replyLanguage(`${'Claro, te recordaré mañana por la mañana que pagues el alquiler. '.repeat(2_000)}`), 'other_language');
  assert.equal(replyLanguage(`${"I'll remind you tomorrow morning to pay the rent. ".repeat(2_000)}`), 'english');
});
