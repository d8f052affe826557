/**
 * The roster upload's memory limits (issue 15 item 10) on the real server: an .xlsx that unpacks
 * past what a roster needs, shared strings past theirs, or one cell longer than a spreadsheet
 * allows is refused with 413 and a message before the reader builds anything, and nothing is
 * written; so is, with 422, a sheet with cells past column IV. The limits act before the database, so PGlite alone is enough.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { messages } from '../../src/contract/messages.ts';
import { rosterUploadPath } from '../../src/contract/roster.ts';
import { users } from '../../src/server/db/schema.ts';
import { adminEnv, adminToken, bearer, startServer, type TestServer } from './harness.ts';
import {
  longCellWorkbook,
  overSharedStringsLimit,
  overUnpackedLimit,
  wideCellWorkbook,
} from './fixtures/roster-files.ts';

describe('roster upload memory limits', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer('pglite', adminEnv);
    admin = await adminToken(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function upload(data: Buffer) {
    const form = new FormData();
    form.append('file', new Blob([data]), 'roster.xlsx');
    const response = await fetch(server.url + rosterUploadPath, {
      method: 'POST',
      headers: bearer(admin),
      body: form,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it.each([
    ['unpacks 1 MB past the limit', overUnpackedLimit, messages.rosterZipTooLarge],
    ['holds shared strings past their limit', overSharedStringsLimit, messages.rosterTextTooLarge],
    ['holds one cell past the longest XML run', longCellWorkbook, messages.rosterTextTooLarge],
  ])('refuses an .xlsx that %s, writing nothing', async (_label, make, message) => {
    const before = (await server.database.db.select({ n: count() }).from(users))[0]?.n;
    expect(await upload(make())).toEqual({ status: 413, body: { message } });
    expect((await server.database.db.select({ n: count() }).from(users))[0]?.n).toBe(before);
  });

  it('refuses a sheet with a cell past column IV on every row, writing nothing', async () => {
    const before = (await server.database.db.select({ n: count() }).from(users))[0]?.n;
    expect(await upload(wideCellWorkbook(20_000))).toEqual({
      status: 422,
      body: { message: messages.rosterTooWide },
    });
    expect((await server.database.db.select({ n: count() }).from(users))[0]?.n).toBe(before);
    // Column IV itself is allowed: the rows are read and added.
    expect(await upload(wideCellWorkbook(3, 'IV'))).toEqual({
      status: 200,
      body: { inserted: 3, updated: 0, rejected: 0, errors: [] },
    });
  });

  it('still reads a good roster whose one cell is long but within the limit', async () => {
    expect(await upload(longCellWorkbook(5000))).toEqual({
      status: 200,
      body: {
        inserted: 0,
        updated: 0,
        rejected: 1,
        errors: [{ row: 2, message: messages.rosterCellTooLong.replace('{column}', 'Name') }],
      },
    });
  });
});
