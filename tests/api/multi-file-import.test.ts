// Issue 35 through the product's own Import problem, on both databases: a package whose labelled
// submissions are folders of several files (C++ sources compiled together, two Java classes, two
// Python modules), judged by the self-check with every file listed; and a custom output
// validator whose validator_flags reach it as arguments (the challenge's, or a test group's own),
// kept with the challenge, kept by a form's save, and exported back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/contract/challenges.ts';
import { messages } from '../../src/contract/messages.ts';
import type { ProblemImportResponse } from '../../src/contract/problems.ts';
import { fixtureFiles, importFiles, selfCheckRows, upload } from './problem-calls.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  startServer,
  type TestServer,
} from './harness.ts';

/** Every import here replaces the challenge an earlier test imported from the same folder. */
const importFixture = (
  server: TestServer,
  admin: Record<string, string>,
  name: string,
  change: (files: Map<string, Buffer>) => void = () => undefined,
) => {
  const files = fixtureFiles(name);
  change(files);
  return importFiles(server, admin, name, files, { replace: 'true' });
};

describe.each(databaseKinds)('multi-file submissions and validator flags on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  const post = (p: string, b: unknown) => call(server, 'POST', p, b, admin);

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    admin = bearer(await adminToken(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    'judges every folder of several files together and lists every file, judged or left out',
    { timeout: 240_000 },
    async () => {
      const body = await importFixture(server, admin, 'multifile');
      const rows = await selfCheckRows(server, admin, body);
      expect(rows.map((r) => [r.path, r.language, r.got, r.agrees, r.files])).toEqual([
        [
          'submissions/accepted/cpp_split/',
          'cpp',
          'Accepted',
          true,
          ['main.cpp', 'add.cpp', 'add.h'],
        ],
        ['submissions/accepted/java_two/', 'java', 'Accepted', true, ['Sum.java', 'Adder.java']],
        ['submissions/accepted/py_modules/', 'python', 'Accepted', true, ['solve.py', 'arith.py']],
        [
          'submissions/wrong_answer/cpp_int/',
          'cpp',
          'Wrong Answer',
          true,
          ['main.cpp', 'add.cpp', 'add.h'],
        ],
        [
          'submissions/wrong_answer/java_two/',
          'java',
          'Wrong Answer',
          true,
          ['Sum.java', 'Adder.java'],
        ],
        [
          'submissions/wrong_answer/py_modules/',
          'python',
          'Wrong Answer',
          true,
          ['multifile.py', 'arith.py'],
        ],
      ]);
      // What is not judged is listed with its reason.
      expect(body.warnings).toEqual([
        'submissions/accepted/cpp_split/notes/README.txt: left out: in a sub-folder of the submission submissions/accepted/cpp_split/, which is judged on its own files',
        'submissions/accepted/ruby_split/: left out: no source file in a language the portal judges',
      ]);
    },
  );

  it(
    'passes validator_flags to the custom validator: the close answer agrees only with them',
    { timeout: 240_000 },
    async () => {
      const body = await importFixture(server, admin, 'tolerance');
      expect(body.challenge).toMatchObject({
        compare: { mode: 'checker', language: 'python' },
        checkerArgs: ['tolerance', '0.01'],
      });
      const rows = await selfCheckRows(server, admin, body);
      expect(rows.map((r) => [r.path, r.got, r.agrees])).toEqual([
        ['submissions/accepted/close.py', 'Accepted', true],
        ['submissions/accepted/exact.py', 'Accepted', true],
        ['submissions/wrong_answer/far.py', 'Wrong Answer', true],
      ]);

      // Without the flags the same validator compares exactly: close.py no longer agrees.
      const bare = await importFixture(server, admin, 'tolerance', (files) => {
        const yaml = files.get('problem.yaml')?.toString() ?? '';
        files.set('problem.yaml', Buffer.from(yaml.replace(/^validator_flags:.*$/mu, '')));
      });
      expect(bare.challenge.checkerArgs).toEqual([]);
      const without = await selfCheckRows(server, admin, bare);
      expect(without.map((r) => [r.path, r.got, r.agrees])).toEqual([
        ['submissions/accepted/close.py', 'Wrong Answer', false],
        ['submissions/accepted/exact.py', 'Accepted', true],
        ['submissions/wrong_answer/far.py', 'Wrong Answer', true],
      ]);
    },
  );

  it("keeps a checker's arguments through a form's save, and exports them as validator_flags", async () => {
    await importFixture(server, admin, 'tolerance');
    const read = async () =>
      (await post('/api/admin/getChallenge', { challengeId: 'TOLERANCE' })).body as Challenge;
    const stored = await read();
    expect(stored.checkerArgs).toEqual(['tolerance', '0.01']);
    // The form sends no arguments: the stored ones stay.
    const { checkerArgs: _args, ...fromForm } = stored;
    expect((await post('/api/admin/updateChallenge', fromForm)).status).toBe(200);
    expect((await read()).checkerArgs).toEqual(['tolerance', '0.01']);
    // Given, they replace the stored ones; with spaces inside one, they are refused.
    expect(
      (await post('/api/admin/updateChallenge', { ...fromForm, checkerArgs: ['tolerance', '1'] }))
        .status,
    ).toBe(200);
    expect((await read()).checkerArgs).toEqual(['tolerance', '1']);
    expect(
      await post('/api/admin/updateChallenge', { ...fromForm, checkerArgs: ['tolerance 1'] }),
    ).toMatchObject({ status: 400, body: { message: messages.invalidCheckerArgs } });

    // Exported and imported back (as another test code): the same arguments.
    const zip = await fetch(`${server.url}/api/admin/problems/TOLERANCE/export`, {
      headers: admin,
    });
    expect(zip.status).toBe(200);
    const back = await upload(
      server,
      admin,
      { name: 'tolerance.zip', data: Buffer.from(await zip.arrayBuffer()) },
      { challengeId: 'TOLERANCE-BACK', selfCheck: 'false' },
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((back.body as ProblemImportResponse).challenge.checkerArgs).toEqual(['tolerance', '1']);

    // A rule other than the checker clears them.
    expect(
      (
        await post('/api/admin/updateChallenge', {
          ...fromForm,
          compare: { mode: 'default' },
        })
      ).status,
    ).toBe(200);
    expect((await read()).checkerArgs).toEqual([]);
  });

  it(
    "passes a group's own output_validator_flags to its tests, keeps them through a save and an export",
    { timeout: 240_000 },
    async () => {
      // The flags only in the samples' and the hidden tests' testdata.yaml, none in problem.yaml.
      const grouped = (files: Map<string, Buffer>) => {
        const yaml = files.get('problem.yaml')?.toString() ?? '';
        files.set('problem.yaml', Buffer.from(yaml.replace(/^validator_flags:.*$/mu, '')));
        for (const folder of ['data/sample', 'data/secret'])
          files.set(
            `${folder}/testdata.yaml`,
            Buffer.from('output_validator_flags: tolerance 0.01\n'),
          );
      };
      const body = await importFixture(server, admin, 'tolerance', grouped);
      const args = ['tolerance', '0.01'];
      expect(body.challenge.checkerArgs).toEqual([]);
      expect(body.challenge.testGroups).toEqual([
        { name: 'sample', scoring: 'sum', checkerArgs: args },
        { name: 'secret', scoring: 'sum', checkerArgs: args },
      ]);
      // close.py is 0.005 off: accepted only if every test's validator got the tolerance.
      const rows = await selfCheckRows(server, admin, body);
      expect(rows.map((r) => [r.path, r.got, r.agrees])).toEqual([
        ['submissions/accepted/close.py', 'Accepted', true],
        ['submissions/accepted/exact.py', 'Accepted', true],
        ['submissions/wrong_answer/far.py', 'Wrong Answer', true],
      ]);

      // The form sends the groups it was given back, their arguments with them.
      const read = async () =>
        (await post('/api/admin/getChallenge', { challengeId: 'TOLERANCE' })).body as Challenge;
      expect((await post('/api/admin/updateChallenge', await read())).status).toBe(200);
      expect((await read()).testGroups).toEqual(body.challenge.testGroups);

      // Exported and imported back: each folder says what its tests pass.
      const zip = await fetch(`${server.url}/api/admin/problems/TOLERANCE/export`, {
        headers: admin,
      });
      const back = await upload(
        server,
        admin,
        { name: 'tolerance.zip', data: Buffer.from(await zip.arrayBuffer()) },
        { challengeId: 'TOLERANCE-GROUPS', selfCheck: 'false' },
      );
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect((back.body as ProblemImportResponse).challenge.testGroups).toEqual(
        body.challenge.testGroups,
      );
    },
  );
});
