import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactTarget as redactedUrl } from './sql.ts';

test('a database URL is shown without its password, in the userinfo or as a parameter', () => {
  assert.equal(redactedUrl('postgres://felicity:s3cret@db.lan:5432/felicity'), 'postgres://felicity:***@db.lan:5432/felicity');
  assert.equal(redactedUrl('postgresql://u@db/x?sslmode=require&password=s3cret'), 'postgresql://u@db/x?sslmode=require&password=***');
  assert.equal(redactedUrl('postgres://u:p%40ss@[bad'), 'postgres://***');
  assert.equal(redactedUrl('./felicity.db'), './felicity.db');
});
