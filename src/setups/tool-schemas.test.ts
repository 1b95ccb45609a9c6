import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formatToolSchemaProblem, readToolSchemas } from './tool-schemas.ts';

const schema = { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] };

describe('readToolSchemas: OpenAI and MCP tool lists in one shape', () => {
  test('an OpenAI tools array', () => {
    const { tools, problems } = readToolSchemas([
      { type: 'function', function: { name: 'send_email', description: ' Sends an email. ', parameters: schema } },
      { type: 'function', function: { name: 'get_time' } },
    ]);
    assert.deepEqual(problems, []);
    assert.deepEqual(tools, [
      { name: 'send_email', description: 'Sends an email.', parameters: schema },
      { name: 'get_time', description: '', parameters: { type: 'object', properties: {} } },
    ]);
  });

  test('an MCP tools/list result, its JSON-RPC envelope, and a bare array of MCP tools', () => {
    const mcp = [{ name: 'send_email', description: 'Sends an email.', inputSchema: schema, annotations: { readOnlyHint: false } }];
    const expected = [{ name: 'send_email', description: 'Sends an email.', parameters: schema }];
    assert.deepEqual(readToolSchemas({ tools: mcp }).tools, expected);
    assert.deepEqual(readToolSchemas({ jsonrpc: '2.0', id: 1, result: { tools: mcp } }).tools, expected);
    assert.deepEqual(readToolSchemas(mcp).tools, expected);
  });

  test("MCP's readOnlyHint is kept, for the tag inference", () => {
    const { tools } = readToolSchemas({ tools: [{ name: 'read_file', inputSchema: schema, annotations: { readOnlyHint: true } }] });
    assert.equal(tools[0]!.readOnly, true);
  });

  test('not a list of tools: one problem for the whole value', () => {
    for (const value of [{ functions: [] }, 'tools', 42, null]) {
      const { tools, problems } = readToolSchemas(value);
      assert.deepEqual(tools, []);
      assert.equal(problems.length, 1);
      assert.equal(problems[0]!.field, '');
      assert.match(problems[0]!.expected, /OpenAI tools array/);
    }
  });

  test('each bad tool is reported at its field; the good ones are kept', () => {
    const { tools, problems } = readToolSchemas({
      tools: [
        { name: 'ok_tool', inputSchema: schema },
        { description: 'no name' },
        { name: 'has.dot' },
        'a string',
        { name: 'ok_tool' },
        { name: 'bad_schema', inputSchema: { type: 'string' } },
        { name: 'bad_text', description: 7 },
      ],
    });
    assert.deepEqual(tools.map((t) => t.name), ['ok_tool']);
    assert.deepEqual(
      problems.map((p) => [p.field, p.message]),
      [
        ['tools[1].name', 'missing tool name'],
        ['tools[2].name', 'invalid tool name'],
        ['tools[3]', 'not a tool'],
        ['tools[4].name', 'duplicate tool name, already used by tools[0]'],
        ['tools[5].inputSchema', 'not an object schema'],
        ['tools[6].description', 'not text'],
      ],
    );
  });

  test('OpenAI items: a wrong type and a missing function are named', () => {
    const { problems } = readToolSchemas([{ type: 'code_interpreter' }, { type: 'function' }, { type: 'function', function: { description: 'x' } }]);
    assert.deepEqual(problems.map((p) => p.field), ['[0].type', '[1].function', '[2].function.name']);
  });

  test('a problem reads as one line naming the file and the field', () => {
    const { problems } = readToolSchemas([{ type: 'function', function: {} }]);
    assert.equal(formatToolSchemaProblem('tools.json', problems[0]!), 'tools.json: [0].function.name: missing tool name (expected a tool name, got nothing)');
  });
});
