// Times to the minute (issue 32, item 1) on a portal in TZ=Europe/Berlin: the calls take and
// return startTime/endTime (defaults 00:00 and 23:59, kept on an update that leaves them out),
// refuse a window that closes before it opens, and the compiler calls open a challenge at its
// start time and close it after its end minute, across both summer-time changes of 2026, under
// the server's test clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge, ChallengeInput, ChallengeSummary } from '../../src/contract/challenges.ts';
import type { CompilerChallenge } from '../../src/contract/compiler.ts';
import { messages } from '../../src/contract/messages.ts';
import {
  addChallenge,
  challengeInput,
  signInStudent,
  solutions,
  submitAndWait,
  type Student,
} from './compiler-fixtures.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  startServer,
  type TestServer,
} from './harness.ts';

const BERLIN = 'Europe/Berlin';
const notOpen = (date: string) => messages.testNotOpenYet.replace('{date}', date);
const closed = (date: string) => messages.testClosed.replace('{date}', date);

describe.each(databaseKinds)('challenge times on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  /** The server's clock: real time unless a test sets it. */
  let clock: number | null = null;
  const at = (iso: string) => {
    clock = Date.parse(iso);
  };
  beforeAll(async () => {
    server = await startServer(
      kind,
      { ...adminEnv, TZ: BERLIN },
      { now: () => (clock === null ? new Date() : new Date(clock)) },
    );
    admin = bearer(await adminToken(server));
  });
  afterAll(async () => {
    clock = null;
    await server?.close();
  });

  const post = (path: string, body: unknown) => call(server, 'POST', path, body, admin);
  const read = async (challengeId: string) =>
    (await post('/api/admin/getChallenge', { challengeId })).body as Challenge;
  const open = (challengeId: string, who: Student) =>
    call(server, 'GET', `/api/compiler/challenge/${challengeId}`, undefined, who.compiler);

  describe('the calls', () => {
    it('give a challenge sent without times the whole days, and name the time zone', async () => {
      const res = await post('/api/admin/addChallenge', challengeInput('PLAIN-1'));
      expect(res.status).toBe(200);
      const created = (res.body as { challengeCreated: Challenge }).challengeCreated;
      expect(created).toMatchObject({ startTime: '00:00', endTime: '23:59', timeZone: BERLIN });
      expect(await read('PLAIN-1')).toEqual(created);
    });

    it('store and return the times given, in the list too', async () => {
      const input = challengeInput('TIMED-1', {
        startDate: '2026-06-01',
        startTime: '09:00',
        endDate: '2026-06-01',
        endTime: '10:30',
      });
      const res = await post('/api/admin/addChallenge', input);
      expect((res.body as { challengeCreated: Challenge }).challengeCreated).toMatchObject({
        startTime: '09:00',
        endTime: '10:30',
      });
      expect(await read('TIMED-1')).toMatchObject({
        startDate: '2026-06-01',
        startTime: '09:00',
        endDate: '2026-06-01',
        endTime: '10:30',
        timeZone: BERLIN,
      });
      const list = (await call(server, 'GET', '/api/user/getChallenges', undefined, admin))
        .body as { challenges: ChallengeSummary[]; timeZone: string };
      expect(list.timeZone).toBe(BERLIN);
      expect(list.challenges.find((c) => c.challengeId === 'TIMED-1')).toMatchObject({
        startTime: '09:00',
        endTime: '10:30',
      });
      expect(list.challenges.find((c) => c.challengeId === 'PLAIN-1')).toMatchObject({
        startTime: '00:00',
        endTime: '23:59',
      });
    });

    it('keep the stored times on an update without them, and change the ones given', async () => {
      const base = challengeInput('TIMED-1', { startDate: '2026-06-01', endDate: '2026-06-02' });
      const kept = await post('/api/admin/updateChallenge', base);
      expect(kept.status).toBe(200);
      expect(await read('TIMED-1')).toMatchObject({
        endDate: '2026-06-02',
        startTime: '09:00',
        endTime: '10:30',
      });
      const moved = await post('/api/admin/updateChallenge', { ...base, endTime: '18:15' });
      expect((moved.body as { challengeUpdated: Challenge }).challengeUpdated).toMatchObject({
        startTime: '09:00',
        endTime: '18:15',
        timeZone: BERLIN,
      });
      expect(await read('TIMED-1')).toMatchObject({ startTime: '09:00', endTime: '18:15' });
    });

    it('refuse a time that is not HH:MM and a window that closes before it opens', async () => {
      const sameDay = { startDate: '2026-06-01', endDate: '2026-06-01' };
      const refused = async (input: ChallengeInput, path = '/api/admin/addChallenge') =>
        (await post(path, input)).body;
      for (const startTime of ['9:00', '24:00', '10:60', 'noon'])
        expect(await refused(challengeInput('BAD-1', { startTime }))).toEqual({
          message: messages.invalidTime,
        });
      expect(
        await refused(
          challengeInput('BAD-1', { ...sameDay, startTime: '10:00', endTime: '09:59' }),
        ),
      ).toEqual({ message: messages.endTimeBeforeStart });
      // The dates' own rule and message are as they were.
      expect(
        await refused(challengeInput('BAD-1', { startDate: '2026-06-02', endDate: '2026-06-01' })),
      ).toEqual({ message: messages.endBeforeStart });
      // A start in the hour skipped on 2026-03-29 is 03:40 by the clocks: past an end at 03:10.
      expect(
        await refused(
          challengeInput('BAD-1', {
            startDate: '2026-03-29',
            startTime: '02:40',
            endDate: '2026-03-29',
            endTime: '03:10',
          }),
        ),
      ).toEqual({ message: messages.endTimeBeforeStart });
      // An update giving only an end time is checked against the stored start time (09:00).
      const update = challengeInput('TIMED-1', { ...sameDay, endTime: '08:59' });
      expect(await refused(update, '/api/admin/updateChallenge')).toEqual({
        message: messages.endTimeBeforeStart,
      });
      expect(await read('TIMED-1')).toMatchObject({ endDate: '2026-06-02', endTime: '18:15' });
      expect((await post('/api/admin/getChallenge', { challengeId: 'BAD-1' })).status).toBe(404);
    });
  });

  describe('a student under the test clock', () => {
    beforeAll(async () => {
      // Across the spring change: 01:30 CET is 00:30Z; the end of 03:30 CEST is 01:31Z.
      await addChallenge(
        server,
        challengeInput('SPRING-1', {
          startDate: '2026-03-29',
          startTime: '01:30',
          endDate: '2026-03-29',
          endTime: '03:30',
          timeDur: 180,
        }),
      );
      // Whole days across the autumn change: 2026-10-25 runs from 22:00Z to 23:00Z the next day.
      await addChallenge(
        server,
        challengeInput('AUTUMN-1', { startDate: '2026-10-25', endDate: '2026-10-25' }),
      );
    });
    afterAll(() => {
      clock = null;
    });

    it('is refused one minute before the start time, with the time and zone, and admitted at it', async () => {
      const ada = await signInStudent(server, 'ada@college.test', 'SPRING-1');
      at('2026-03-29T00:29:00Z');
      expect(await open('SPRING-1', ada)).toMatchObject({
        status: 403,
        body: { message: notOpen('2026-03-29 01:30 (Europe/Berlin)') },
      });
      at('2026-03-29T00:30:00Z');
      const opened = await open('SPRING-1', ada);
      expect(opened.status).toBe(200);
      // 180 minutes would run past the close: the window, 1 h 1 min of real time, caps it.
      expect(opened.body as CompilerChallenge).toMatchObject({
        startedAt: '2026-03-29T00:30:00.000Z',
        deadline: '2026-03-29T01:31:00.000Z',
      });
    });

    it('is admitted during the end minute and refused after it', async () => {
      const bo = await signInStudent(server, 'bo@college.test', 'SPRING-1');
      const cy = await signInStudent(server, 'cy@college.test', 'SPRING-1');
      at('2026-03-29T01:30:59Z'); // 03:30:59 CEST
      expect((await open('SPRING-1', bo)).status).toBe(200);
      at('2026-03-29T01:31:00Z'); // 03:31 CEST
      expect(await open('SPRING-1', cy)).toMatchObject({
        status: 403,
        body: { message: closed('2026-03-29 03:30 (Europe/Berlin)') },
      });
    });

    it('reads whole days as before, with the date alone in the messages', async () => {
      const di = await signInStudent(server, 'di@college.test', 'AUTUMN-1');
      const ed = await signInStudent(server, 'ed@college.test', 'AUTUMN-1');
      at('2026-10-24T21:59:00Z'); // 23:59 CEST on the day before
      expect(await open('AUTUMN-1', di)).toMatchObject({
        status: 403,
        body: { message: notOpen('2026-10-25') },
      });
      at('2026-10-24T22:00:00Z');
      expect((await open('AUTUMN-1', di)).status).toBe(200);
      // The 25-hour day: 23:59 CET is 22:59Z, an hour later than on a summer day.
      at('2026-10-25T22:59:59Z');
      expect((await open('AUTUMN-1', ed)).status).toBe(200);
      const fy = await signInStudent(server, 'fy@college.test', 'AUTUMN-1');
      at('2026-10-25T23:00:00Z');
      expect(await open('AUTUMN-1', fy)).toMatchObject({
        status: 403,
        body: { message: closed('2026-10-25') },
      });
    });

    it('is refused a Submit when the start time moved past the clock after the first open', async () => {
      const gus = await signInStudent(server, 'gus@college.test', 'PLAIN-1');
      at('2026-11-02T08:00:00Z');
      expect((await open('PLAIN-1', gus)).status).toBe(200);
      const moved = await post(
        '/api/admin/updateChallenge',
        challengeInput('PLAIN-1', {
          startDate: '2026-11-02',
          startTime: '09:05',
          endDate: '2026-11-02',
          endTime: '12:00',
        }),
      );
      expect(moved.status).toBe(200);
      // 08:00Z is 09:00 CET: five minutes before the new start, read through Submit's own lookup.
      expect(
        await submitAndWait(server, gus, {
          challengeId: 'PLAIN-1',
          code: solutions.python.correct,
        }),
      ).toMatchObject({
        status: 403,
        body: { message: notOpen('2026-11-02 09:05 (Europe/Berlin)') },
      });
    });
  });
});
