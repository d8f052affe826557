/**
 * The audit log (issue 33) on both databases: staff actions write their entries (who, from
 * where, what, on what), updates keep each changed field from what to what, no secret reaches
 * an entry, the owner reads and exports it with filters and pages, nobody else may, and the
 * database itself refuses to change or delete an entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLoginPath } from '../../src/contract/admin.ts';
import { challengeAccessRulesPath } from '../../src/contract/access-rules.ts';
import {
  auditActionsRoute,
  auditExportRoute,
  auditRoute,
  type AuditEntry,
} from '../../src/contract/audit.ts';
import { accommodationsPath } from '../../src/contract/accommodations.ts';
import { examLifecyclePath, examPath, examsPath } from '../../src/contract/exams.ts';
import { challengeLifecyclePath } from '../../src/contract/sittings.ts';
import { logoutPath } from '../../src/contract/sessions.ts';
import { staffInvitationsRoute } from '../../src/contract/staff.ts';
import { addChallenge, challengeInput, HIDDEN_INPUT } from './compiler-fixtures.ts';
import { examInput } from './exam-fixtures.ts';
import {
  ADMIN,
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  queryRows,
  signUpStudent,
  startServer,
  type TestServer,
} from './harness.ts';
import { invitedStaff } from './staff-fixtures.ts';
import { bound } from './bounds.ts';

describe.each(databaseKinds)('the audit log on %s', (kind) => {
  let server: TestServer;
  let owner: Record<string, string>;

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    owner = bearer(await adminToken(server));
  }, bound(60_000));
  afterAll(async () => {
    await server?.close();
  });

  const entries = async (query = '') => {
    const page = await call(server, 'GET', `${auditRoute}${query}`, undefined, owner);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return (page.body as { entries: AuditEntry[] }).entries;
  };

  it('records a challenge created and its access rules, with the tests and password kept out', async () => {
    await addChallenge(server, {
      ...challengeInput('AUD-1'),
      testCases: [
        { input: 'top-secret-input', expectedOutput: 'top-secret-output', hidden: true, weight: 1 },
      ],
    });
    const rules = {
      networks: [],
      password: { action: 'set', value: 'blue-42-door' },
      sebConfigKey: null,
    };
    const put = await call(server, 'PUT', challengeAccessRulesPath('AUD-1'), rules, owner);
    expect(put.status).toBe(200);
    const found = await entries('?target=AUD-1');
    expect(found.map((e) => [e.action, e.call])).toEqual([
      ['sitting.control', 'PUT /api/admin/challenges/:challengeId/access-rules'],
      ['challenge.write', 'POST /api/admin/addChallenge'],
    ]);
    const created = found[1];
    expect(created).toMatchObject({
      actorEmail: ADMIN.email,
      address: '127.0.0.1',
      outcome: 200,
      targetKind: 'challenge',
      targetId: 'AUD-1',
    });
    expect(created?.changes.testCases).toEqual({
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      bytes: expect.any(Number),
    });
    expect(found[0]?.changes.password).toBe('(not recorded)');
    // No secret anywhere in the log, whatever the column.
    const all = await queryRows(server, `select row_to_json(a)::text as row from audit_log a`);
    const text = all.map((r) => String(r.row)).join('\n');
    for (const secret of ['top-secret', 'blue-42-door', adminEnv.ADMIN_PASSWORD]) {
      expect(text).not.toContain(secret);
    }
  });

  it('records staff sign-ins, refused ones and sign-outs, and invitations', async () => {
    const wrong = await call(server, 'POST', adminLoginPath, {
      email: ADMIN.email,
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(401);
    const session = bearer(await adminToken(server));
    expect((await call(server, 'POST', logoutPath, undefined, session)).status).toBe(200);
    owner = bearer(await adminToken(server));
    await invitedStaff(server, 'new.teacher@college.test', 'teacher');
    const actions = (await entries(`?actor=${encodeURIComponent(ADMIN.email)}`)).map(
      (e) => e.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['staff.sign-in', 'staff.sign-in-refused', 'staff.sign-out']),
    );
    const invited = await entries(`?call=${encodeURIComponent(staffInvitationsRoute)}`);
    expect(invited[0]).toMatchObject({
      action: 'staff.manage',
      targetId: 'new.teacher@college.test',
    });
    const text = JSON.stringify(await entries());
    expect(text).not.toContain('not-the-password');
  });

  it('keeps what an update changed, from what to what, and only that', async () => {
    const input = challengeInput('AUD-2');
    // The owner's own session: the fixture's was signed out above.
    expect((await call(server, 'POST', '/api/admin/addChallenge', input, owner)).status).toBe(200);
    const update = async (body: object) => {
      const res = await call(server, 'POST', '/api/admin/updateChallenge', body, owner);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (await entries('?target=AUD-2&action=challenge.write'))[0]?.changes;
    };
    // The form sends every field back: only the title changed.
    expect(await update({ ...input, challengeName: 'Sum of squares' })).toEqual({
      challengeName: { from: 'Sum of two', to: 'Sum of squares' },
    });
    // A hidden test's output: the tests changed, by hash, their contents nowhere.
    const tests = input.testCases.map((t) =>
      t.hidden ? { ...t, expectedOutput: 'changed-output-77\n' } : t,
    );
    const changed = await update({ ...input, challengeName: 'Sum of squares', testCases: tests });
    expect(Object.keys(changed ?? {})).toEqual(['testCases']);
    expect(changed?.testCases).toMatchObject({
      from: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      to: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });

    const exam = examInput('AUD-EXAM', [{ points: 10, challengeIds: ['AUD-2'] }]);
    expect((await call(server, 'POST', examsPath, exam, owner)).status).toBe(200);
    const renamed = { ...exam, examCode: 'AUD-EXAM-2', durationMinutes: 120 };
    expect((await call(server, 'PUT', examPath('AUD-EXAM'), renamed, owner)).status).toBe(200);
    const [examEntry] = await entries(`?action=exam.write&call=${encodeURIComponent('PUT ')}`);
    expect(examEntry?.changes).toEqual({
      examCode: { from: 'AUD-EXAM', to: 'AUD-EXAM-2' },
      durationMinutes: { from: 90, to: 120 },
    });

    const member = await invitedStaff(server, 'role.change@college.test', 'teacher');
    const path = `/api/admin/staff/${member.id}`;
    const body = { role: 'assistant', active: false };
    expect((await call(server, 'PUT', path, body, owner)).status).toBe(200);
    const [roleEntry] = await entries(`?target=${member.id}&action=staff.manage`);
    expect(roleEntry?.changes).toEqual({
      role: { from: 'teacher', to: 'assistant' },
      active: { from: true, to: false },
    });
    const text = JSON.stringify(await entries());
    for (const secret of [HIDDEN_INPUT, 'changed-output-77']) {
      expect(text).not.toContain(secret);
    }
  });

  it("keeps a sitting's lifecycle, access rules and accommodations from what to what", async () => {
    const input = challengeInput('AUD-3');
    expect((await call(server, 'POST', '/api/admin/addChallenge', input, owner)).status).toBe(200);
    const latest = async (action: string) => (await entries(`?target=AUD-3&action=${action}`))[0];
    const lifecycle = async (body: object) => {
      const res = await call(server, 'POST', challengeLifecyclePath('AUD-3'), body, owner);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (await latest('sitting.control'))?.changes;
    };
    expect(await lifecycle({ action: 'unpublish' })).toEqual({
      action: 'unpublish',
      lifecycle: { from: 'published', to: 'draft' },
    });
    expect(await lifecycle({ action: 'publish' })).toEqual({
      action: 'publish',
      lifecycle: { from: 'draft', to: 'published' },
    });
    const stopped = await lifecycle({ action: 'stop' });
    expect(stopped).toEqual({
      action: 'stop',
      stoppedAt: { from: null, to: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });

    const rules = {
      networks: ['10.0.0.0/8'],
      password: { action: 'set', value: 'green-77-gate' },
      sebConfigKey: null,
    };
    const put = await call(server, 'PUT', challengeAccessRulesPath('AUD-3'), rules, owner);
    expect(put.status).toBe(200);
    expect((await latest('sitting.control'))?.changes).toEqual({
      password: '(not recorded)',
      sebConfigKey: '(not recorded)',
      networks: { from: [], to: ['10.0.0.0/8'] },
      sittingLock: { from: 'none', to: 'password' },
    });

    const student = await signUpStudent(server, 'accommodated@college.test');
    const given = await call(
      server,
      'POST',
      accommodationsPath({ kind: 'challenge', challengeId: 'AUD-3' }, student.id),
      { action: 'extra_time', minutes: 15, reason: 'Documented need' },
      owner,
    );
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect((await latest('sitting.act'))?.changes).toEqual({
      action: 'extra_time',
      minutes: 15,
      reason: 'Documented need',
      extraMinutes: { from: 0, to: 15 },
    });

    const exam = examInput('AUD-EXAM-3', [{ points: 10, challengeIds: ['AUD-3'] }]);
    expect((await call(server, 'POST', examsPath, exam, owner)).status).toBe(200);
    const published = await call(
      server,
      'POST',
      examLifecyclePath('AUD-EXAM-3'),
      { action: 'publish' },
      owner,
    );
    expect(published.status).toBe(200);
    const [examEntry] = await entries('?target=AUD-EXAM-3&action=sitting.control');
    expect(examEntry?.changes).toEqual({
      action: 'publish',
      lifecycle: { from: 'draft', to: 'published' },
    });
    expect(JSON.stringify(await entries())).not.toContain('green-77-gate');
  });

  it('filters by actor, exact action, call, target and dates, a page at a time', async () => {
    const actions = await call(server, 'GET', auditActionsRoute, undefined, owner);
    const listed = (actions.body as { actions: string[] }).actions;
    expect(listed).toEqual(expect.arrayContaining(['challenge.write', 'staff.sign-in']));
    // Reads by GET are not recorded, so their actions are not offered.
    expect(listed).not.toContain('audit.read');
    // Exact: staff.sign-in is not staff.sign-in-refused.
    const signIns = await entries('?action=staff.sign-in');
    expect(signIns.length).toBeGreaterThan(0);
    expect(new Set(signIns.map((e) => e.action))).toEqual(new Set(['staff.sign-in']));
    expect(await entries('?actor=nobody-such')).toEqual([]);
    expect((await entries('?target=aud-')).every((e) => e.targetId.includes('AUD-'))).toBe(true);
    expect(await entries('?since=2099-01-01')).toEqual([]);
    expect(await entries('?until=2000-01-01')).toEqual([]);
    const all = await entries();
    const first = await call(server, 'GET', `${auditRoute}?limit=2`, undefined, owner);
    const page = first.body as { entries: AuditEntry[]; next: number | null };
    expect(page.entries.map((e) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    expect(page.next).toBe(page.entries[1]?.id);
    const second = await entries(`?limit=2&before=${page.next}`);
    expect(second.map((e) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
  });

  it('lets only owners read it, and exports it as CSV with formula text neutralised', async () => {
    const teacher = await invitedStaff(server, 'reader@college.test', 'teacher');
    expect((await call(server, 'GET', auditRoute, undefined, teacher.headers)).status).toBe(403);
    await call(
      server,
      'POST',
      staffInvitationsRoute,
      { email: 'x@college.test', name: '=1+2', role: 'assistant' },
      owner,
    );
    const response = await fetch(server.url + auditExportRoute, { headers: owner });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'Id,At,Who,Address,Action,Call,Outcome,Target,Course,Changes',
    );
    expect(csv).toContain('staff.manage');
    expect(csv).not.toMatch(/,=1\+2/);
  });

  it('is refused any change or deletion by the database itself', async () => {
    await expect(
      queryRows(server, `update audit_log set actor_email = 'someone-else'`),
    ).rejects.toThrow(/append-only/);
    await expect(queryRows(server, `delete from audit_log`)).rejects.toThrow(/append-only/);
    await expect(queryRows(server, `truncate audit_log`)).rejects.toThrow(/append-only/);
    // Even the retention's own way leaves entries younger than 30 days where they are.
    await queryRows(server, `select audit_log_prune(0)`);
    const left = await queryRows(server, `select count(*)::int as n from audit_log`);
    expect(Number(left[0]?.n)).toBeGreaterThan(5);
  });
});
