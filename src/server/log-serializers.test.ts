import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logSerializers, redactQuery } from './log-serializers.ts';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';

function captureLog(): { log: pino.Logger; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ serializers: logSerializers }, stream), text: () => chunks.join('') };
}

/** What the database driver throws for a NOT NULL violation: its detail quotes the whole row. */
function notNullViolation(): Error {
  const cause = Object.assign(
    new Error('null value in column "name" violates not-null constraint'),
    {
      code: '23502',
      severity: 'ERROR',
      table: 'users',
      column: 'name',
      detail: `Failing row contains (1, ada@college.test, null, ${HASH}).`,
    },
  );
  return new DrizzleQueryError(
    'insert into "users" ("email", "name", "password_hash") values ($1, $2, $3)',
    ['ada@college.test', null, HASH],
    cause,
  );
}

describe('log serializers', () => {
  it('log a failed query by its SQL and the database fields, never its parameters or the row', () => {
    const { log, text } = captureLog();
    log.error({ err: notNullViolation() }, 'request failed');
    const line = JSON.parse(text()) as { err: Record<string, unknown> };
    expect(text()).not.toContain('argon2');
    expect(text()).not.toContain('ada@college.test');
    expect(line.err.message).toBe(
      'Failed query: insert into "users" ("email", "name", "password_hash") values ($1, $2, $3)',
    );
    expect(line.err.stack).toContain('Failed query: insert into "users"');
    expect(line.err).not.toHaveProperty('params');
    expect(line.err.cause).toMatchObject({
      code: '23502',
      table: 'users',
      column: 'name',
      message: 'null value in column "name" violates not-null constraint',
    });
    expect(line.err.cause).not.toHaveProperty('detail');
  });

  it('keep an ordinary error whole', () => {
    const { log, text } = captureLog();
    log.error({ err: Object.assign(new Error('disk full'), { code: 'ENOSPC' }) }, 'write failed');
    const line = JSON.parse(text()) as { err: Record<string, unknown> };
    expect(line.err).toMatchObject({ type: 'Error', message: 'disk full', code: 'ENOSPC' });
    expect(line.err.stack).toContain('disk full');
  });

  it('drop the values of a URL query, keeping the names', () => {
    expect(redactQuery('/reset-password?token=abc.def&email=a%40b')).toBe(
      '/reset-password?token=~&email=~',
    );
    expect(redactQuery('/api/health')).toBe('/api/health');
    expect(redactQuery('/compiler?flag&x=1')).toBe('/compiler?flag&x=~');
  });
});
