import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readConversationLine } from './conversation-line.ts';

/** What JSON.parse of the whole line gives, split as the reader splits it. */
function whole(text: string, line = 2): { record: Record<string, unknown>; messages: unknown[] } {
  const { messages, ...record } = JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>;
  if (record.id === undefined) record.id = `line-${line}`;
  return { record, messages: messages as unknown[] };
}

function pieces(item: string | Uint8Array, line = 2) {
  const read = readConversationLine(item, line);
  return read && { record: read.record, messages: [...read.messages()] };
}

describe('a conversation line read piece by piece', () => {
  const lines = [
    '{"id":"c","setup":"C2","messages":[{"role":"user","content":"a"},{"role":"assistant","content":"b"}]}',
    ' { "messages" : [ ] , "id" : 7 , "persona" : "support" } ',
    '{"messages":[{"role":"user","content":"brackets ] } [ { and \\"quotes\\" and \\\\"},{"role":"assistant","content":null,"n":[1,2.5e3,-0,true,false,null]}],"meta":{"a":[{"b":"]"}]}}',
    '{"id":"ü","messages":[{"role":"user","content":"héllo 😀 \\u00e9"}],"tail":"after"}',
  ];

  it('gives each field and each message exactly as JSON.parse of the whole line, from text or from UTF-8 bytes', () => {
    for (const text of lines) {
      assert.deepEqual(pieces(text), whole(text), text);
      assert.deepEqual(pieces(Buffer.from(text, 'utf8')), whole(text), text);
    }
  });

  it('skips a byte-order mark on the first line only', () => {
    const text = `\uFEFF${lines[0]}`;
    assert.deepEqual(pieces(text, 1), whole(text, 1));
    assert.deepEqual(pieces(Buffer.from(text, 'utf8'), 1), whole(text, 1));
    assert.equal(pieces(text, 2), undefined);
  });

  it('leaves to the whole-line reader every line it cannot vouch for', () => {
    for (const text of [
      '{"id":"c","messages":[{"role":"user","content":"a"}',
      '{"id":"c","messages":[{"role":"user","content":"a"},]}',
      '{"id":"c","messages":[{"role":"user","content":"a"}]} x',
      '{"id":"c","messages":[{"role":"user","content":"a"}],"messages":[]}',
      '{"id":"c","id":"d","messages":[]}',
      '{"__proto__":{"setup":"C4"},"messages":[]}',
      '{"id":"c","messages":{"role":"user"}}',
      '{"id":"c"}',
      '{"id":12345678901234567890,"messages":[]}',
      '{"id":"c","error":"rate limited","messages":[]}',
      '[{"id":"c","messages":[]}]',
      '',
    ]) {
      assert.equal(pieces(text), undefined, text);
    }
    // A message is checked when it is read: the labeller reads them all once before labelling, and reads the line whole if one fails.
    assert.throws(() => pieces('{"id":"c","messages":[{"role":"user"},tru]}'), SyntaxError);
    assert.equal(pieces(Buffer.from([...Buffer.from('{"id":"'), 0xff, ...Buffer.from('","messages":[]}')])), undefined, 'invalid UTF-8 in a field');
    assert.throws(() => pieces(Buffer.from([...Buffer.from('{"id":"c","messages":[{"role":"user","content":"'), 0xff, ...Buffer.from('"}]}')])), TypeError);
  });
});
