/** Waits for the self-check a package import started and answers its rows (API tests). */
import { expect } from 'vitest';
import {
  selfCheckPath,
  type ProblemImportResponse,
  type SelfCheckProgress,
  type SelfCheckRow,
} from '../../src/contract/problems.ts';
import { call, type TestServer } from './harness.ts';

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
