// Exam integrity signals (issue 17): the challenge settings captureTabChanges and disablePaste,
// the compiler page's event call (exactly once by event id, limits per request, per minute and
// per attempt, late delivery after a network cut, nobody else's attempt) and the teacher's reads
// (counters on the Results rows, the timeline of one student).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/contract/challenges.ts';
import type { CompilerChallenge } from '../../src/contract/compiler.ts';
import { messages } from '../../src/contract/messages.ts';
import { resultsExportPath, type ResultsResponse } from '../../src/contract/results.ts';
import {
  MAX_SIGNALS_PER_ATTEMPT,
  MAX_SIGNALS_PER_BATCH,
  MAX_SIGNALS_PER_MINUTE,
  type SignalEvent,
  type SignalTimeline,
} from '../../src/contract/signals.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  queryRows,
  startServer,
  type TestServer,
} from './harness.ts';
import { addChallenge, challengeInput, signInStudent, type Student } from './compiler-fixtures.ts';

const T0 = Date.parse('2026-03-01T09:00:00.000Z');

describe.each(databaseKinds)('exam signals on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let clock = T0;
  beforeAll(async () => {
    server = await startServer(kind, adminEnv, { now: () => new Date(clock) });
    admin = bearer(await adminToken(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  const getChallenge = async (challengeId: string) => {
    const res = await call(server, 'POST', '/api/admin/getChallenge', { challengeId }, admin);
    expect(res.status).toBe(200);
    return res.body as Challenge;
  };
  const open = async (who: Student, challengeId: string) => {
    const res = await call(
      server,
      'GET',
      `/api/compiler/challenge/${challengeId}`,
      undefined,
      who.compiler,
    );
    expect(res.status).toBe(200);
    return res.body as CompilerChallenge;
  };
  const send = (who: Student, attemptId: string, events: unknown[]) =>
    call(server, 'POST', `/api/compiler/attempts/${attemptId}/events`, { events }, who.compiler);
  const event = (e: Record<string, unknown>, at = new Date(clock)): SignalEvent =>
    ({ eventId: crypto.randomUUID(), at: at.toISOString(), ...e }) as SignalEvent;
  const timeline = async (challengeId: string, userId: string) => {
    const res = await call(
      server,
      'GET',
      `/api/admin/signals/${challengeId}/students/${userId}`,
      undefined,
      admin,
    );
    expect(res.status).toBe(200);
    return res.body as SignalTimeline;
  };
  const resultsRow = async (challengeId: string, userId: string) => {
    const res = await call(server, 'GET', `/api/admin/results/${challengeId}`, undefined, admin);
    expect(res.status).toBe(200);
    return (res.body as ResultsResponse).rows.find((r) => r.userId === userId);
  };

  describe('challenge settings', () => {
    it('are off by default, set on create, kept by an update without them, changed with them', async () => {
      await addChallenge(server, challengeInput('SIG-DEFAULT'));
      expect(await getChallenge('SIG-DEFAULT')).toMatchObject({
        captureTabChanges: false,
        disablePaste: false,
      });

      await addChallenge(
        server,
        challengeInput('SIG-SET', { captureTabChanges: true, disablePaste: true }),
      );
      expect(await getChallenge('SIG-SET')).toMatchObject({
        captureTabChanges: true,
        disablePaste: true,
      });

      const keep = await call(
        server,
        'POST',
        '/api/admin/updateChallenge',
        challengeInput('SIG-SET', { challengeName: 'Renamed' }),
        admin,
      );
      expect(keep.status).toBe(200);
      expect(await getChallenge('SIG-SET')).toMatchObject({
        challengeName: 'Renamed',
        captureTabChanges: true,
        disablePaste: true,
      });

      const change = await call(
        server,
        'POST',
        '/api/admin/updateChallenge',
        challengeInput('SIG-SET', { disablePaste: false }),
        admin,
      );
      expect(change.status).toBe(200);
      expect(await getChallenge('SIG-SET')).toMatchObject({
        captureTabChanges: true,
        disablePaste: false,
      });
    });

    it('refuses a setting that is not a boolean with a message', async () => {
      const res = await call(
        server,
        'POST',
        '/api/admin/addChallenge',
        { ...challengeInput('SIG-BAD'), captureTabChanges: 'yes' },
        admin,
      );
      expect(res).toMatchObject({ status: 400, body: { message: messages.invalidSetting } });
    });

    it('reach the compiler page with the attempt id', async () => {
      await addChallenge(server, challengeInput('SIG-PAGE', { captureTabChanges: true }));
      const ada = await signInStudent(server, 'ada-sig-page@college.test', 'SIG-PAGE');
      const page = await open(ada, 'SIG-PAGE');
      expect(page).toMatchObject({ captureTabChanges: true, disablePaste: false });
      expect(page.attemptId).toMatch(/^[0-9a-f-]{36}$/);
      // The same attempt on every open.
      expect((await open(ada, 'SIG-PAGE')).attemptId).toBe(page.attemptId);
    });
  });

  describe('events', () => {
    let ada: Student;
    let eve: Student;
    let attemptId: string;
    beforeAll(async () => {
      clock = T0;
      await addChallenge(server, challengeInput('SIG-EV', { captureTabChanges: true }));
      ada = await signInStudent(server, 'ada-sig@college.test', 'SIG-EV');
      eve = await signInStudent(server, 'eve-sig@college.test', 'SIG-EV');
      attemptId = (await open(ada, 'SIG-EV')).attemptId ?? '';
      await open(eve, 'SIG-EV');
    });

    it('stores each event once by its id, and counts it in Results', async () => {
      const batch = [
        event({ kind: 'left', reason: 'hidden' }),
        event({ kind: 'returned', awayMs: 12_500 }),
        event({ kind: 'paste', chars: 42, blocked: false }),
        event({ kind: 'reload' }),
      ];
      expect(await send(ada, attemptId, batch)).toMatchObject({
        status: 200,
        body: { accepted: 4, duplicates: 0, ignored: 0 },
      });
      // The answer was lost and the page sends the batch again, plus one new event.
      const again = await send(ada, attemptId, [...batch, event({ kind: 'left', reason: 'blur' })]);
      expect(again).toMatchObject({ status: 200, body: { accepted: 1, duplicates: 4 } });

      expect((await resultsRow('SIG-EV', ada.id))?.signals).toEqual({
        tabChanges: 2,
        awayMs: 12_500,
        pastes: 1,
        blockedPastes: 0,
        reloads: 1,
      });
      expect((await resultsRow('SIG-EV', eve.id))?.signals).toEqual({
        tabChanges: 0,
        awayMs: 0,
        pastes: 0,
        blockedPastes: 0,
        reloads: 0,
      });
    });

    it("exports the counters after the table's columns, in the .csv and the .xlsx", async () => {
      const download = async (challengeId: string, format: 'csv' | 'xlsx') => {
        const response = await fetch(`${server.url}${resultsExportPath(challengeId, format)}`, {
          headers: admin,
        });
        expect(response.status).toBe(200);
        return Buffer.from(await response.arrayBuffer());
      };
      const lines = (await download('SIG-EV', 'csv')).toString('utf8').slice(1).split('\r\n');
      const header = lines[0]?.split(',') ?? [];
      expect(header.slice(-5)).toEqual([
        'Tab changes',
        'Time away (s)',
        'Pastes',
        'Blocked pastes',
        'Reloads',
      ]);
      const adaLine = lines.find((line) => line.includes('ada-sig@college.test')) ?? '';
      // ada's counters from the test above: 2 tab changes, 12.5 s away, 1 paste, 1 reload.
      expect(adaLine.split(',').slice(-5)).toEqual(['2', '13', '1', '0', '1']);

      const { default: ExcelJS } = await import('exceljs');
      const workbook = new ExcelJS.Workbook();
      const xlsx = await download('SIG-EV', 'xlsx');
      await workbook.xlsx.load(
        xlsx.buffer.slice(xlsx.byteOffset, xlsx.byteOffset + xlsx.byteLength),
      );
      const sheet = workbook.getWorksheet('Results');
      const values = (row: number) =>
        ((sheet?.getRow(row).values ?? []) as unknown[]).slice(1).slice(-5);
      expect(values(1)).toEqual(header.slice(-5));
      const adaRow = [...Array((sheet?.rowCount ?? 0) + 1).keys()].find((row) =>
        JSON.stringify(sheet?.getRow(row).values ?? []).includes('ada-sig@college.test'),
      );
      expect(values(adaRow ?? 0)).toEqual([2, 13, 1, 0, 1]);

      // A challenge that records nothing has no such columns.
      await addChallenge(server, challengeInput('SIG-NONE'));
      const plain = (await download('SIG-NONE', 'csv')).toString('utf8').slice(1).split('\r\n');
      expect(plain[0]).not.toContain('Tab changes');
    });

    it('accepts events late (after a network cut, past the deadline) and keeps both clocks', async () => {
      const happened = new Date(clock + 60_000);
      const queued = event({ kind: 'left', reason: 'hidden' }, happened);
      // The network came back two hours later, past the attempt's 60-minute deadline.
      clock = T0 + 2 * 3600_000;
      expect(await send(ada, attemptId, [queued])).toMatchObject({
        status: 200,
        body: { accepted: 1 },
      });
      const t = await timeline('SIG-EV', ada.id);
      const stored = t.events.find((e) => e.eventId === queued.eventId);
      expect(stored).toMatchObject({
        kind: 'left',
        reason: 'hidden',
        clientAt: happened.toISOString(),
        receivedAt: new Date(clock).toISOString(),
      });
      expect(t.counters.tabChanges).toBe(3);
      // Ordered by the page's time: the late event sits where it happened.
      const order = t.events.map((e) => e.clientAt);
      expect([...order].sort()).toEqual(order);
    });

    it("refuses another student's attempt as if it did not exist", async () => {
      const res = await send(eve, attemptId, [event({ kind: 'reload' })]);
      expect(res).toMatchObject({ status: 404, body: { message: messages.attemptNotFound } });
      const unknown = await send(ada, crypto.randomUUID(), [event({ kind: 'reload' })]);
      expect(unknown).toMatchObject({ status: 404, body: { message: messages.attemptNotFound } });
      // A session token is not a compiler token.
      const session = await call(
        server,
        'POST',
        `/api/compiler/attempts/${attemptId}/events`,
        { events: [event({ kind: 'reload' })] },
        { ...ada.session, 'x-app-key': ada.appKey },
      );
      expect(session.status).toBe(401);
    });

    it('refuses bad input with a message, never a 500', async () => {
      const bad = [
        [],
        [{ kind: 'left', reason: 'hidden', at: new Date().toISOString(), eventId: 'nope' }],
        [event({ kind: 'teleport' })],
        [event({ kind: 'returned', awayMs: -5 })],
        [event({ kind: 'paste', chars: 3 })],
        [{ ...event({ kind: 'reload' }), at: 'yesterday' }],
      ];
      for (const events of bad) {
        const res = await send(ada, attemptId, events);
        expect(res.status, JSON.stringify(events)).toBe(400);
        expect(res.body).toMatchObject({ message: expect.any(String) });
      }
      const notJson = await call(
        server,
        'POST',
        `/api/compiler/attempts/${attemptId}/events`,
        '{"events": [',
        ada.compiler,
      );
      expect(notJson.status).toBe(400);
      const badId = await send(ada, 'not-a-uuid', [event({ kind: 'reload' })]);
      expect(badId).toMatchObject({ status: 400, body: { message: messages.attemptNotFound } });
    });

    it('limits the size of a batch', async () => {
      const events = Array.from({ length: MAX_SIGNALS_PER_BATCH + 1 }, () =>
        event({ kind: 'reload' }),
      );
      expect(await send(ada, attemptId, events)).toMatchObject({
        status: 400,
        body: { message: messages.signalsBatchTooLarge },
      });
    });

    it('limits events per minute with 429 and Retry-After, then takes them again', async () => {
      clock = T0 + 3 * 3600_000;
      const batches = Math.floor(MAX_SIGNALS_PER_MINUTE / MAX_SIGNALS_PER_BATCH);
      for (let i = 0; i < batches; i++) {
        const events = Array.from({ length: MAX_SIGNALS_PER_BATCH }, () =>
          event({ kind: 'paste', chars: 1, blocked: false }),
        );
        expect((await send(eve, await eveAttempt(), events)).status).toBe(200);
      }
      const over = Array.from(
        { length: MAX_SIGNALS_PER_MINUTE - batches * MAX_SIGNALS_PER_BATCH + 1 },
        () => event({ kind: 'reload' }),
      );
      const refused = await send(eve, await eveAttempt(), over);
      expect(refused).toMatchObject({ status: 429, body: { message: messages.signalsTooFast } });
      expect(refused.headers.get('retry-after')).toBe('60');
      clock += 61_000;
      expect(await send(eve, await eveAttempt(), over)).toMatchObject({
        status: 200,
        body: { accepted: over.length },
      });
    });

    it('caps the events of one attempt: what fits is kept, the rest refused with 409', async () => {
      clock = T0 + 4 * 3600_000;
      await queryRows(server, 'update attempts set signal_count = $2 where id = $1', [
        attemptId,
        MAX_SIGNALS_PER_ATTEMPT - 1,
      ]);
      const first = event({ kind: 'reload' });
      const res = await send(ada, attemptId, [first, event({ kind: 'reload' })]);
      expect(res).toMatchObject({
        status: 409,
        body: {
          message: messages.signalsAttemptFull.replace('{max}', String(MAX_SIGNALS_PER_ATTEMPT)),
        },
      });
      const t = await timeline('SIG-EV', ada.id);
      expect(t.full).toBe(true);
      expect(t.events.some((e) => e.eventId === first.eventId)).toBe(true);
    });

    it('gives the timeline to administrators only', async () => {
      const asStudent = await call(
        server,
        'GET',
        `/api/admin/signals/SIG-EV/students/${ada.id}`,
        undefined,
        ada.session,
      );
      expect([401, 403]).toContain(asStudent.status);
      expect(asStudent.body).toMatchObject({ message: expect.any(String) });
      const missing = await call(
        server,
        'GET',
        `/api/admin/signals/SIG-EV/students/${crypto.randomUUID()}`,
        undefined,
        admin,
      );
      expect(missing).toMatchObject({ status: 404, body: { message: expect.any(String) } });
    });

    let eveAttemptId: string | undefined;
    async function eveAttempt(): Promise<string> {
      eveAttemptId ??= (await open(eve, 'SIG-EV')).attemptId ?? '';
      return eveAttemptId;
    }
  });

  describe('what is recorded follows the settings', () => {
    it('records only blocked pastes when paste is disabled and capture is off', async () => {
      clock = T0;
      await addChallenge(server, challengeInput('SIG-PASTE', { disablePaste: true }));
      const ada = await signInStudent(server, 'ada-sig-paste@college.test', 'SIG-PASTE');
      const { attemptId = '' } = await open(ada, 'SIG-PASTE');
      const res = await send(ada, attemptId, [
        event({ kind: 'paste', chars: 80, blocked: true }),
        event({ kind: 'paste', chars: 5, blocked: false }),
        event({ kind: 'left', reason: 'hidden' }),
      ]);
      expect(res).toMatchObject({ status: 200, body: { accepted: 1, ignored: 2 } });
      // One blocked paste is one event (issue 30): never also counted as a paste, on the Results
      // row, in the timeline's counters and in both exports.
      expect((await resultsRow('SIG-PASTE', ada.id))?.signals).toMatchObject({
        pastes: 0,
        blockedPastes: 1,
        tabChanges: 0,
      });
      const t = await timeline('SIG-PASTE', ada.id);
      expect(t.counters).toMatchObject({ pastes: 0, blockedPastes: 1 });
      expect(t.events).toMatchObject([{ kind: 'paste', blocked: true, chars: 80 }]);
      const csv = await fetch(`${server.url}${resultsExportPath('SIG-PASTE', 'csv')}`, {
        headers: admin,
      });
      const lines = (await csv.text()).split('\r\n');
      const header = lines[0]?.split(',') ?? [];
      const adaLine = lines.find((line) => line.includes('ada-sig-paste@college.test')) ?? '';
      const cell = (name: string) => adaLine.split(',')[header.indexOf(name)];
      expect([cell('Pastes'), cell('Blocked pastes')]).toEqual(['0', '1']);
    });

    it('reads rows stored before issue 30 right: the pastes column held blocked ones too', async () => {
      // Since issue 17 attempts.pastes has counted every outside paste, blocked or not; an
      // installation upgraded with such rows must show them as the teacher expects.
      await addChallenge(server, challengeInput('SIG-OLD', { captureTabChanges: true }));
      const ada = await signInStudent(server, 'ada-sig-old@college.test', 'SIG-OLD');
      const { attemptId = '' } = await open(ada, 'SIG-OLD');
      await queryRows(server, 'update attempts set pastes = 3, blocked_pastes = 2 where id = $1', [
        attemptId,
      ]);
      expect((await resultsRow('SIG-OLD', ada.id))?.signals).toMatchObject({
        pastes: 1,
        blockedPastes: 2,
      });
      expect((await timeline('SIG-OLD', ada.id)).counters).toMatchObject({
        pastes: 1,
        blockedPastes: 2,
      });
    });

    it('records nothing, and Results shows no counters, with both settings off', async () => {
      const ada = await signInStudent(server, 'ada-sig-off@college.test', 'SIG-DEFAULT');
      const { attemptId = '' } = await open(ada, 'SIG-DEFAULT');
      const res = await send(ada, attemptId, [event({ kind: 'left', reason: 'blur' })]);
      expect(res).toMatchObject({ status: 200, body: { accepted: 0, ignored: 1 } });
      expect(await resultsRow('SIG-DEFAULT', ada.id)).not.toHaveProperty('signals');
    });
  });
});
