/** The package import calls of the API tests: the upload, and the self-check it starts. */
import { expect } from 'vitest';
import {
  selfCheckPath,
  type ProblemImportResponse,
  type SelfCheckProgress,
  type SelfCheckRow,
} from '../../src/contract/problems.ts';
import { call, type TestServer } from './harness.ts';

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
