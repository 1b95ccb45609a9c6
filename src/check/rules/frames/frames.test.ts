import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fold, ownVoice, replyCues } from '../text-regions.ts';
import { EMPTY_CONVERSATION, lineSpans, type Conversation, type Frame, type FrameExample } from './frame.ts';
import { FRAMES } from './index.ts';

function conversationOf(example: FrameExample): Conversation {
  return { ...EMPTY_CONVERSATION, systemPrompt: example.system ?? '', userText: example.user ?? '', earlierUser: example.earlier ?? [], earlierAssistant: example.earlierAssistant ?? [] };
}

function regionsOf(frame: Frame, example: FrameExample): string[] {
  const conversation = conversationOf(example);
  const text = fold(example.reply);
  const { sentences, setAside } = ownVoice(example.reply, conversation);
  const input = { text, lines: lineSpans(text), conversation, setAside: frame.level === 'sentence' ? setAside : [], sentences: frame.level === 'sentence' ? sentences : [], ...replyCues(text) };
  return frame.mark(input).map((r) => example.reply.slice(r.start, r.end));
}

describe('every frame marks its examples and leaves its counter-examples alone', () => {
  for (const frame of FRAMES) {
    describe(`${frame.code} (${frame.summary})`, () => {
      assert.ok(frame.marks.length > 0 && frame.ignores.length > 0, 'a frame carries examples of both kinds');
      for (const example of frame.marks) {
        it(`marks: ${example.reply.slice(0, 60).replace(/\n/g, ' ')}`, () => {
          const regions = regionsOf(frame, example);
          assert.ok(regions.length > 0, 'nothing marked');
          if (example.marked) assert.ok(regions.some((r) => r.includes(example.marked!)), `no region holds "${example.marked}": ${JSON.stringify(regions)}`);
        });
      }
      for (const example of frame.ignores) {
        it(`ignores: ${example.reply.slice(0, 60).replace(/\n/g, ' ')}`, () => assert.deepEqual(regionsOf(frame, example), []));
      }
    });
  }

  it('frame codes are unique', () => {
    const codes = FRAMES.map((f) => f.code);
    assert.equal(new Set(codes).size, codes.length);
  });
});
