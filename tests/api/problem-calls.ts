/** The package import calls of the API tests: the upload, and the self-check it starts. */
import path from 'node:path';
import { expect } from 'vitest';
import {
  selfCheckPath,
  type ProblemImportResponse,
  type SelfCheckProgress,
  type SelfCheckRow,
} from '../../src/contract/problems.ts';
import { readPackageFolder } from '../../src/server/problems/package-folder.ts';
import { zipFiles } from '../../src/server/problems/package-zip.ts';
import { call, type TestServer } from './harness.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/problems');

/** POST /api/admin/problems/import: the zip (if any) with the form's fields. */
export async function upload(
  server: TestServer,
  headers: Record<string, string>,
  file: { name: string; data: Buffer } | undefined,
  fields: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('package', new Blob([new Uint8Array(file.data)]), file.name);
  const res = await fetch(`${server.url}/api/admin/problems/import`, {
    method: 'POST',
    headers,
    body: form,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** Waits for the self-check a package import started and answers its rows. */
export async function selfCheckRows(
  server: TestServer,
  admin: Record<string, string>,
  answer: ProblemImportResponse,
): Promise<SelfCheckRow[]> {
  // The import answers before judging: no row yet, the size and the id to follow.
  expect(answer.selfCheck).toEqual([]);
  if (answer.selfCheckId === null) return [];
  for (;;) {
    const res = await call(server, 'GET', selfCheckPath(answer.selfCheckId), undefined, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const progress = res.body as SelfCheckProgress;
    expect(progress.total).toBe(answer.selfCheckTotal);
    if (progress.status !== 'running') {
      expect(progress.status).toBe('done');
      return progress.rows;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The files of the package folder tests/fixtures/problems/`name`, by path in the package. */
export const fixtureFiles = (name: string): Map<string, Buffer> =>
  readPackageFolder(path.join(FIXTURES, name)).files;

/** Imports `files` zipped as package `name` (with the form's `fields`); answers the 200 body. */
export async function importFiles(
  server: TestServer,
  admin: Record<string, string>,
  name: string,
  files: Map<string, Buffer>,
  fields: Record<string, string> = {},
): Promise<ProblemImportResponse> {
  const res = await upload(
    server,
    admin,
    { name: `${name}.zip`, data: await zipFiles(files, name) },
    fields,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ProblemImportResponse;
}

/** Imports the package folder tests/fixtures/problems/`name` as it is. */
export const importFixture = (server: TestServer, admin: Record<string, string>, name: string) =>
  importFiles(server, admin, name, fixtureFiles(name));

/** Leaves out every labelled submission but the Python ones (a package judged on the other database). */
export function pythonSubmissionsOnly(files: Map<string, Buffer>): void {
  for (const name of files.keys())
    if (name.startsWith('submissions/') && !name.endsWith('.py')) files.delete(name);
}
