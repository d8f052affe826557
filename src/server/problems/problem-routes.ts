/**
 * POST /api/admin/problems/import (issue 14 item 7): a Kattis or DOMjudge problem package as a
 * zip in the multipart field `package`, with the optional fields `challengeId` (the test code;
 * default: the package's folder name in capitals), `languages` (comma-separated, the first the
 * default; default: every language of the judge), `replace` (true: an existing challenge with the
 * test code is overwritten) and `selfCheck` (false: the package's submissions are not judged).
 * The challenge goes through the same validation and checker compile as the form's; the answer
 * has it, what was left out, and the id of the self-check, which goes on after the answer:
 * GET /api/admin/problems/self-checks/:id follows it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseMessages } from '../../contract/courses.ts';
import {
  challengeIdSchema,
  challengeInputSchema,
  languages,
  type ChallengeInput,
} from '../../contract/challenges.ts';
import { messages } from '../../contract/messages.ts';
import {
  PROBLEM_PACKAGE_FIELD,
  PROBLEM_PACKAGE_MAX_BYTES,
  problemImportPath,
  problemImportResponseSchema,
  selfCheckProgressSchema,
} from '../../contract/problems.ts';
import type { Guards } from '../auth/guards.ts';
import { assertCheckerCompiles } from '../challenges/challenge-routes.ts';
import {
  findChallenge,
  insertChallenge,
  updateChallenge,
} from '../challenges/challenge-queries.ts';
import type { Db } from '../db/connection.ts';
import { authorizeNamed, courseForNew } from '../auth/course-scope.ts';
import { HttpError } from '../http-error.ts';
import { challengeSitting } from '../sittings/sitting-queries.ts';
import { makeOwnedFolder, removeLeftovers } from '../storage/owned-folders.ts';
import { withStoredTestData } from '../test-data/stored-test-data.ts';
import type { JudgeService } from '../judge/index.ts';
import { formatBytes } from '../../contract/test-data.ts';
import {
  readTestData,
  storeTestData,
  TestDataTooLargeError,
} from '../test-data/test-data-queries.ts';
import { PackageError, readKattisPackage, type ImportedProblem } from './kattis-package.ts';
import { openPackageZip, type PackageZip } from './package-files.ts';
import { packageFilesOf } from './package-export.ts';
import { zipStream } from './package-zip.ts';
import { readSelfCheck } from './self-check-queries.ts';
import { SelfChecks } from './self-check.ts';

type Deps = {
  db: Db;
  guards: Guards;
  judge: Pick<JudgeService, 'judge' | 'checkChecker'>;
  /** CHALLENGE_DATA_MAX_MB: all of a challenge's tests. */
  maxChallengeBytes: number;
  /** TEST_DATA_MAX_MB: one test file. */
  maxFileBytes: number;
};

const fieldsSchema = z.object({
  challengeId: z.string().trim().optional(),
  languages: z
    .string()
    .optional()
    .transform((text) =>
      (text ?? '')
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(languages, { error: messages.invalidLanguage }))),
  replace: z.enum(['true', 'false']).optional(),
  selfCheck: z.enum(['true', 'false']).optional(),
  /** The course a new problem goes into (issue 33). */
  courseId: z.uuid({ error: courseMessages.invalidCourseId }).optional(),
});

const isTooLarge = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_PARTS_LIMIT');

/**
 * Reads the upload's fields and writes its package to a file in `dir` (streamed: a package of
 * 256 MB never sits in memory).
 */
async function readUpload(request: FastifyRequest, dir: string) {
  if (!request.isMultipart()) throw new HttpError(415, messages.packageNotMultipart);
  const fields: Record<string, string> = {};
  let file: { fileName: string; path: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== PROBLEM_PACKAGE_FIELD || part.filename === '' || file) {
        part.file.resume();
        continue;
      }
      const target = path.join(dir, 'package.zip');
      await pipeline(part.file, fs.createWriteStream(target, { mode: 0o600 }));
      if (part.file.truncated) throw new HttpError(413, messages.packageTooLarge);
      if (fs.statSync(target).size > 0) file = { fileName: part.filename, path: target };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (isTooLarge(error)) throw new HttpError(413, messages.packageTooLarge);
    throw new HttpError(400, messages.packageNotMultipart);
  }
  if (!file) throw new HttpError(400, messages.selectFile);
  const parsed = fieldsSchema.safeParse(fields);
  if (!parsed.success)
    throw new HttpError(400, parsed.error.issues[0]?.message ?? messages.enterAllDetails);
  return { file, fields: parsed.data };
}

/** Stores the package's big test files and puts their references into the tests. */
async function storePendingFiles(
  db: Db,
  pkg: PackageZip,
  imported: ImportedProblem,
  maxFileBytes: number,
): Promise<ChallengeInput> {
  const testCases = [...(imported.input.testCases ?? [])];
  for (const pending of imported.pendingFiles) {
    const inMemory = pkg.files.get(pending.path);
    const source = inMemory ? [inMemory] : await pkg.open(pending.path);
    let ref;
    try {
      ref = await storeTestData(db, source, maxFileBytes);
    } catch (error) {
      if (error instanceof TestDataTooLargeError)
        throw new HttpError(413, `${pending.path} is larger than ${formatBytes(maxFileBytes)}`);
      throw new HttpError(400, `${pending.path} cannot be read from the zip`);
    }
    const test = testCases[pending.test];
    if (test) testCases[pending.test] = { ...test, [pending.field]: ref };
  }
  return { ...imported.input, testCases };
}

const today = () => new Date().toISOString().slice(0, 10);

/** An upload's zip and its unpacked large files, in the system's temporary folder. */
const PACKAGE_FOLDER = 'portal-package';

export const problemRoutes: FastifyPluginAsyncZod<Deps> = async (
  app,
  { db, guards, judge, maxChallengeBytes, maxFileBytes },
) => {
  const left = removeLeftovers(os.tmpdir(), [PACKAGE_FOLDER]);
  if (left.length > 0)
    app.log.info({ removed: left.length }, 'removed the package uploads of stopped processes');
  const selfChecks = new SelfChecks(db, judge, app.log);
  // preClose, not onClose: the app's onClose closes the database before a plugin's onClose runs.
  app.addHook('preClose', async () => selfChecks.close());
  await app.register(multipart, {
    limits: {
      fileSize: PROBLEM_PACKAGE_MAX_BYTES,
      files: 1,
      fields: 10,
      parts: 11,
      fieldSize: 1024,
    },
  });

  app.post(
    problemImportPath,
    {
      onRequest: guards.staff,
      config: { action: 'challenge.write' },
      bodyLimit: PROBLEM_PACKAGE_MAX_BYTES + 1024 * 1024,
      schema: { response: { 200: problemImportResponseSchema } },
    },
    async (request) => {
      const dir = makeOwnedFolder(os.tmpdir(), PACKAGE_FOLDER);
      let pkg: PackageZip | undefined;
      let fields: z.infer<typeof fieldsSchema>;
      let imported: ImportedProblem;
      let withFiles: ChallengeInput;
      try {
        const { file, fields: given } = await readUpload(request, dir);
        fields = given;
        try {
          pkg = await openPackageZip(file.path, file.fileName);
          imported = readKattisPackage(
            pkg.files,
            pkg.shortName,
            { id: fields.challengeId, languages: fields.languages, today: today() },
            pkg.large,
          );
        } catch (err) {
          if (err instanceof PackageError) throw new HttpError(err.status, err.message);
          throw err;
        }
        withFiles = await storePendingFiles(db, pkg, imported, maxFileBytes);
      } finally {
        pkg?.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
      const parsed = challengeInputSchema.safeParse(withFiles);
      if (!parsed.success)
        throw new HttpError(
          400,
          parsed.error.issues[0]?.message ?? messages.enterAllChallengeDetails,
        );
      const input = await withStoredTestData(db, parsed.data, maxChallengeBytes);
      await assertCheckerCompiles(judge, request.log, input.compare, input.checkerSource);
      // The upload's fields are read only now: the course check runs here, on what it names
      // (the course asked for, and the challenge a replacement would overwrite).
      const actor = request.actor;
      if (!actor) throw new HttpError(401, messages.unauthorized);
      const named = { challengeId: input.challengeId, courseId: fields.courseId };
      await authorizeNamed(db, actor, 'challenge.write', { params: {}, query: {}, body: named });
      const course = await courseForNew(db, actor, fields.courseId, 'challenge.write');
      let challenge = await insertChallenge(db, input, course);
      const replaced = !challenge && fields.replace === 'true';
      if (replaced) challenge = await updateChallenge(db, input);
      if (!challenge) throw new HttpError(409, messages.packageExists);
      // A new problem waits as a draft until a teacher publishes it (issue 32): an import used to
      // open it to every student at once, for a year, under the package's guessable name.
      if (!replaced) await challengeSitting(db, challenge.challengeId, 'draft');
      const check =
        fields.selfCheck === 'false'
          ? null
          : await selfChecks.start(challenge, imported.submissions);
      const {
        testCases,
        checkerSource: _checker,
        challengeDesc: _statement,
        ...summary
      } = challenge;
      return {
        challenge: { ...summary, testCaseCount: testCases.length },
        replaced,
        selfCheck: [],
        selfCheckId: check?.id ?? null,
        selfCheckTotal: check?.total ?? 0,
        warnings: imported.warnings,
      };
    },
  );

  app.get(
    '/api/admin/problems/self-checks/:id',
    {
      onRequest: guards.staff,
      config: { action: 'challenge.read' },
      schema: {
        params: z.object({ id: z.uuid({ error: messages.selfCheckNotFound }) }),
        response: { 200: selfCheckProgressSchema },
      },
    },
    async (request) => {
      const progress = await readSelfCheck(db, request.params.id);
      if (!progress) throw new HttpError(404, messages.selfCheckNotFound);
      return progress;
    },
  );

  app.get(
    '/api/admin/problems/:challengeId/export',
    {
      onRequest: guards.staff,
      config: { action: 'challenge.read' },
      schema: { params: z.object({ challengeId: challengeIdSchema }) },
    },
    async (request, reply) => {
      const challenge = await findChallenge(db, request.params.challengeId);
      if (!challenge) throw new HttpError(404, messages.challengeNotFound);
      const { files, stored } = packageFilesOf(challenge);
      const zip = zipStream(files, stored, challenge.challengeId, async (sha256) => {
        const data = await readTestData(db, sha256);
        if (!data) throw new Error(`the test data ${sha256} is missing`);
        return data.chunks;
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${challenge.challengeId}.zip"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );
};
