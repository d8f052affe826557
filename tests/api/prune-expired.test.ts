// Time-limited rows go once they can matter no more, and recent ones stay (issue 15 item 12), on
// both databases: the deletes are plain SQL on each table's own clock column.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneExpired } from '../../src/server/maintenance/prune-expired.ts';
import {
  databaseKinds,
  queryRows,
  signUpStudent,
  startServer,
  type TestServer,
} from './harness.ts';

const WINDOW_SECONDS = 15 * 60;

describe.each(databaseKinds)('pruning expired rows on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const keys = async (table: string, column: string) =>
    (await queryRows(server, `select ${column} as k from ${table} order by 1`)).map((r) => r.k);

  it('deletes the old rows of each time-limited table and keeps the recent ones', async () => {
    const ago = (interval: string) => `now() - interval '${interval}'`;
    const sql = (text: string, values: unknown[] = []) => queryRows(server, text, values);
    await sql(
      `insert into auth_failures (key, failures, window_started_at, last_failed_at) values
        ('old', 10, ${ago('2 hours')}, ${ago('1 hour')}), ('recent', 3, ${ago('20 minutes')}, ${ago('1 minute')})`,
    );
    const student = await signUpStudent(server, 'prune@college.test');
    await sql(
      `insert into reset_tokens (token_hash, user_id, expires_at) values
        ('old', $1, ${ago('8 days')}), ('recent', $1, ${ago('1 day')})`,
      [student.id],
    );
    const [oldCheck, recentCheck, runningCheck] = [1, 2, 3].map(() => crypto.randomUUID());
    await sql(
      `insert into problem_self_checks (id, challenge_id, total, created_at, updated_at, finished_at) values
        ($1, 'P', 1, ${ago('9 days')}, ${ago('8 days')}, ${ago('8 days')}),
        ($2, 'P', 1, ${ago('2 days')}, ${ago('2 days')}, ${ago('2 days')}),
        ($3, 'P', 1, ${ago('1 hour')}, ${ago('1 minute')}, null)`,
      [oldCheck, recentCheck, runningCheck],
    );
    await sql(`insert into run_locks (user_id, expires_at) values ($1, ${ago('2 hours')})`, [
      student.id,
    ]);
    await sql(
      `insert into judge_workers (id, host, pid, concurrency, heartbeat_at) values
        ('dead', 'h', 1, 1, ${ago('2 days')}), ('alive', 'h', 2, 1, now())`,
    );

    await sql(
      `insert into known_sign_in_addresses (scope, email, ip, last_signed_in_at) values
        ('login', 'old@college.test', '192.0.2.1', ${ago('31 days')}),
        ('login', 'recent@college.test', '192.0.2.1', ${ago('29 days')})`,
    );

    // The audit log keeps AUDIT_RETENTION_DAYS (here 60), through its own function only.
    await sql(
      `insert into audit_log (at, actor_email, action, outcome) values
        (${ago('400 days')}, 'old@college.test', 'exam.write', 200),
        (${ago('59 days')}, 'recent@college.test', 'exam.write', 200)`,
    );

    // The server's own hourly pruning may get there first: what is left is what counts.
    await pruneExpired(server.database.db, {
      failureWindowSeconds: WINDOW_SECONDS,
      auditRetentionDays: 60,
    });
    expect(await keys('audit_log', 'actor_email')).toEqual(['recent@college.test']);
    expect(await keys('auth_failures', 'key')).toEqual(['recent']);
    expect(await keys('reset_tokens', 'token_hash')).toEqual(['recent']);
    expect((await keys('problem_self_checks', 'id')).sort()).toEqual(
      [recentCheck, runningCheck].sort(),
    );
    expect(await keys('run_locks', 'user_id')).toEqual([]);
    expect(await keys('judge_workers', 'id')).toContain('alive');
    expect(await keys('judge_workers', 'id')).not.toContain('dead');
    // The sign-up's own address stays known too.
    expect(await keys('known_sign_in_addresses', 'email')).toEqual([
      'prune@college.test',
      'recent@college.test',
    ]);
  });
});
