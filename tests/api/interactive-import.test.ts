// An interactive problem (issue 35 item 4) through the real Import problem call: the guess package
// in tests/fixtures/problems/guess (`validation: custom interactive`, its output validator the
// interactor) becomes an interactive challenge, its self-check agrees with every labelled
// submission (Python and C++: accepted, wrong answer, time limit, run-time error), getChallenge
// and the export keep the flag, and a student's Run on samples plays the sample's interaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.ts';
import { challengeLifecyclePath } from '../../src/contract/sittings.ts';
import { signInStudent } from './compiler-fixtures.ts';
import {
  fixtureFiles,
  importFiles,
  pythonSubmissionsOnly,
  selfCheckRows,
} from './problem-calls.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  judgingDatabase,
  startServer,
  type TestServer,
} from './harness.ts';

describe.each(databaseKinds)('an interactive problem imported on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  // Every labelled submission on the judging database; the Python four elsewhere (the rows are
  // written and read back there too).
  const fullCheck = judgingDatabase.includes(kind);

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    admin = bearer(await adminToken(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    'imports guess; the self-check agrees on every labelled submission; Run on samples interacts',
    { timeout: 180_000 },
    async () => {
      const files = fixtureFiles('guess');
      if (!fullCheck) pythonSubmissionsOnly(files);
      const body = await importFiles(server, admin, 'guess', files);
      expect(body.challenge).toMatchObject({
        challengeId: 'GUESS',
        interactive: true,
        compare: { mode: 'checker', language: 'python' },
      });
      const rows = await selfCheckRows(server, admin, body);
      expect(rows).toHaveLength(fullCheck ? 8 : 4);
      const disagreeing = rows.filter((r) => !r.agrees);
      expect(disagreeing, JSON.stringify(disagreeing, null, 1)).toEqual([]);

      const stored = await call(
        server,
        'POST',
        '/api/admin/getChallenge',
        { challengeId: 'GUESS' },
        admin,
      );
      expect(stored.body).toMatchObject({ interactive: true });

      // The student's Run on samples: the sample's interaction replayed by the interactor.
      const published = await call(
        server,
        'POST',
        challengeLifecyclePath('GUESS'),
        { action: 'publish' },
        admin,
      );
      expect(published.status).toBe(200);
      const student = await signInStudent(server, `guess-${kind}@college.test`, 'GUESS');
      const run = (file: string) =>
        call(
          server,
          'POST',
          '/api/compiler/run',
          {
            challengeId: 'GUESS',
            language: 'python',
            code: files.get(file)?.toString() ?? '',
          },
          student.compiler,
        );
      const right = await run('submissions/accepted/binary.py');
      expect(right.body).toMatchObject({
        mode: 'samples',
        verdict: 'Accepted',
        samples: [{ verdict: 'Accepted' }],
      });
      const wrong = await run('submissions/wrong_answer/linear.py');
      expect(wrong.body).toMatchObject({ mode: 'samples', verdict: 'Wrong Answer' });
      // The page knows, and hides the custom input, which the server refuses for it.
      const page = await call(
        server,
        'GET',
        '/api/compiler/challenge/GUESS',
        undefined,
        student.compiler,
      );
      expect(page.body).toMatchObject({ interactive: true });
      const custom = await call(
        server,
        'POST',
        '/api/compiler/run',
        { challengeId: 'GUESS', language: 'python', code: 'print(1)\n', stdin: '5\n' },
        student.compiler,
      );
      expect(custom).toMatchObject({
        status: 400,
        body: { message: messages.interactiveRunsSamples },
      });
    },
  );
});
