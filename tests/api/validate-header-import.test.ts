// A DOMjudge-style interactive package whose C++ interactor includes "validate.h" without shipping
// it (issue 35 item 4: DOMjudge's boolfind), through the real Import problem call: the switches
// fixture (tests/fixtures/problems/switches) imports as an interactive challenge, its interactor
// compiles against the judge's own validate.h, and the self-check agrees on every labelled
// submission (Python, C++ and C; accepted, wrong answer, no output, time limit, run-time error,
// compiler error, and a `mixed/` one labelled by its @EXPECTED_RESULTS@ tag); a student's Run on
// samples plays the sample's interaction with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe.each(databaseKinds)('a package relying on the judge’s validate.h, on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  // Every labelled submission on the judging database; the Python ones elsewhere (the rows are
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
    'imports switches; the self-check agrees on every labelled submission; Run on samples interacts',
    { timeout: 240_000 },
    async () => {
      const files = fixtureFiles('switches');
      if (!fullCheck) pythonSubmissionsOnly(files);
      const body = await importFiles(server, admin, 'switches', files);
      expect(body.challenge).toMatchObject({
        challengeId: 'SWITCHES',
        challengeName: 'Switch search',
        interactive: true,
        timeLimitMs: 1000,
        compare: { mode: 'checker', language: 'cpp' },
      });
      // Every submission is judged: none left out.
      expect(body.warnings.filter((w) => w.startsWith('submissions/'))).toEqual([]);
      const rows = await selfCheckRows(server, admin, body);
      expect(rows.map((r) => r.path).sort()).toEqual(
        [...files.keys()].filter((name) => name.startsWith('submissions/')).sort(),
      );
      expect(rows).toHaveLength(fullCheck ? 11 : 5);
      const disagreeing = rows.filter((r) => !r.agrees);
      expect(disagreeing, JSON.stringify(disagreeing, null, 1)).toEqual([]);

      const published = await call(
        server,
        'POST',
        challengeLifecyclePath('SWITCHES'),
        { action: 'publish' },
        admin,
      );
      expect(published.status).toBe(200);
      const student = await signInStudent(server, `switches-${kind}@college.test`, 'SWITCHES');
      const run = (file: string) =>
        call(
          server,
          'POST',
          '/api/compiler/run',
          { challengeId: 'SWITCHES', language: 'python', code: files.get(file)?.toString() ?? '' },
          student.compiler,
        );
      expect((await run('submissions/accepted/bisect.py')).body).toMatchObject({
        mode: 'samples',
        verdict: 'Accepted',
        samples: [{ verdict: 'Accepted' }],
      });
      expect((await run('submissions/run_time_error/crash.py')).body).toMatchObject({
        mode: 'samples',
        verdict: 'Runtime Error',
      });
    },
  );
});
