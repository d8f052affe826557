/**
 * The roster calls end to end on a real server and database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): the template, the role checks, good files of every kind, every kind
 * of bad row, the type and size limits, zip bombs, and that a failure mid-write changes nothing.
 */
import { resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { messages } from '../../src/contract/messages.ts';
import {
  rosterTemplatePath,
  rosterTemplateUrl,
  rosterUploadPath,
} from '../../src/contract/roster.ts';
import { createTokenService } from '../../src/server/auth/tokens.ts';
import { admins, users } from '../../src/server/db/schema.ts';
import { insertStudents, ROSTER_BATCH_SIZE } from '../../src/server/roster/roster-queries.ts';
import { call, databaseKinds, startServer, type TestServer } from './harness.ts';
import {
  csvFile,
  fakeOle2,
  hasSsconvert,
  honestZipBomb,
  lyingZipBomb,
  manyEntriesZip,
  pngBytes,
  xlsFile,
  xlsxFile,
  zipFile,
} from './fixtures/roster-files.ts';

const header = ['Name', 'Email', 'Year', 'Branch', 'College Name'];

describe.each(databaseKinds)('roster upload on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let student: string;
  let expired: string;

  beforeAll(async () => {
    server = await startServer(kind);
    // The seeded administrator's id: a token of an account that does not exist is refused.
    const [first] = await server.database.db.select({ id: admins.id }).from(admins).limit(1);
    const id = first?.id ?? '';
    admin = await server.tokens.issue({
      sub: id,
      email: 'admin@test',
      name: 'admin',
      role: 'admin',
      ver: 0,
    });
    student = await server.tokens.issue({
      sub: crypto.randomUUID(),
      email: 's@test',
      name: 's',
      role: 'student',
      ver: 0,
    });
    const secret = new TextEncoder().encode(server.config.jwtSecret ?? '');
    expired = await createTokenService(secret, -3600).issue({
      sub: id,
      email: 'admin@test',
      name: 'admin',
      role: 'admin',
      ver: 0,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function upload(
    fileName: string | undefined,
    data: Buffer | string = '',
    token: string | undefined = admin,
    field = 'file',
  ) {
    const form = new FormData();
    if (fileName !== undefined) form.append(field, new Blob([data]), fileName);
    else form.append('note', 'no file here');
    const response = await fetch(server.url + rosterUploadPath, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  const userCount = async () =>
    (await server.database.db.select({ n: count() }).from(users))[0]?.n ?? 0;
  const userByEmail = async (email: string) =>
    (await server.database.db.select().from(users).where(eq(users.email, email)))[0];

  it('downloads Template.csv with the header row', async () => {
    const response = await fetch(server.url + rosterTemplatePath, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Template.csv"');
    expect(await response.text()).toBe('Name,Email,Year,Branch,College Name\r\n');
  });

  const templateXlsx = async () => {
    const response = await fetch(server.url + rosterTemplateUrl('xlsx'), {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.status).toBe(200);
    return { response, data: await response.arrayBuffer() };
  };

  it('downloads Template.xlsx with ?format=xlsx: the same header row, opened by exceljs', async () => {
    const { response, data } = await templateXlsx();
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="Template.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(1);
    expect(sheet?.getRow(1).values).toEqual([undefined, ...header]);
    // The committed copy the service worker serves offline is the same template.
    const copy = new ExcelJS.Workbook();
    await copy.xlsx.readFile(resolve(import.meta.dirname, '../../public/Template.xlsx'));
    expect(copy.worksheets[0]?.getRow(1).values).toEqual([undefined, ...header]);
    expect(copy.worksheets[0]?.rowCount).toBe(1);
  });

  it('imports Template.xlsx once a teacher has filled it in', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await templateXlsx()).data);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    // As typed in the text-formatted columns: a leading zero stays.
    sheet.addRow(['Template Filled', 'Filled@Template.TEST', '2', 'CSE', 'GEC']);
    sheet.addRow(['Second Row', 'second@template.test', '03', 'ECE', 'MIT']);
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload('Template.xlsx', filled);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ inserted: 2, updated: 0, rejected: 0, errors: [] });
    expect(await userByEmail('filled@template.test')).toMatchObject({
      name: 'template filled',
      year: '2',
      branch: 'CSE',
      college: 'GEC',
    });
    expect((await userByEmail('second@template.test'))?.year).toBe('03');
  });

  it('refuses an unknown template format with 400 and the message', async () => {
    const res = await call(server, 'GET', `${rosterTemplatePath}?format=ods`, undefined, {
      authorization: `Bearer ${admin}`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: messages.invalidTemplateFormat });
  });

  describe.each([
    ['GET', rosterTemplatePath],
    ['GET', rosterTemplateUrl('xlsx')],
    ['POST', rosterUploadPath],
  ])('%s %s', (method, path) => {
    const send = (token?: string) => {
      const form = new FormData();
      form.append('file', new Blob([csvFile([header])]), 'r.csv');
      return fetch(server.url + path, {
        method,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(method === 'POST' ? { body: form } : {}),
      });
    };
    it.each([
      ['no token', () => undefined, 401, messages.unauthorized],
      ['a student token', () => student, 403, messages.forbidden],
      ['an expired admin token', () => expired, 401, messages.sessionExpired],
      ['a forged token', () => `${admin.slice(0, -4)}AAAA`, 401, messages.unauthorized],
    ])('refuses %s', async (_label, token, status, message) => {
      const response = await send(token());
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ message });
    });
  });

  it("answers 'Please Select a file' without a file, with an empty one chosen, or another field", async () => {
    expect(await upload(undefined)).toEqual({
      status: 400,
      body: { message: messages.selectFile },
    });
    expect(await upload('')).toEqual({ status: 400, body: { message: messages.selectFile } });
    expect(await upload('r.csv', csvFile([header]), admin, 'other')).toEqual({
      status: 400,
      body: { message: messages.selectFile },
    });
    const json = await call(
      server,
      'POST',
      rosterUploadPath,
      { file: 'x' },
      {
        authorization: `Bearer ${admin}`,
      },
    );
    expect(json).toMatchObject({ status: 415, body: { message: messages.rosterNotMultipart } });
  });

  it('imports a good .xlsx: loose header names, numbers, formulas, emails lower-cased', async () => {
    const file = await xlsxFile([
      [' NAME ', 'e-mail?', 'YEAR', 'branch', 'college  name'].map((h, i) =>
        i === 1 ? 'EMAIL' : h,
      ),
      ['Asha Rao', 'Asha.Rao@Example.EDU', 2, 'CSE', 'GEC Thrissur'],
      [
        'Ben  Das',
        ' ben@example.edu ',
        '3',
        'ECE',
        { formula: 'CONCAT("GEC"," Kannur")', result: 'GEC Kannur' },
      ],
      [null, null, null, null, null],
      ['Cara', 'cara@example.edu', null, null, null],
    ]);
    const res = await upload('students.xlsx', file);
    expect(res).toEqual({
      status: 200,
      body: { inserted: 3, updated: 0, rejected: 0, errors: [] },
    });
    expect(await userByEmail('asha.rao@example.edu')).toMatchObject({
      name: 'asha rao',
      year: '2',
      branch: 'CSE',
      college: 'GEC Thrissur',
      passwordHash: null,
    });
    expect(await userByEmail('ben@example.edu')).toMatchObject({
      name: 'ben das',
      college: 'GEC Kannur',
    });
    expect(await userByEmail('cara@example.edu')).toMatchObject({ year: null, college: null });
  });

  it('reads only the first worksheet of an .xlsx', async () => {
    const file = await xlsxFile(
      [header, ['Only', 'first-sheet@example.edu', '1', 'ME', 'X']],
      ['Other'],
    );
    expect((await upload('two-sheets.xlsx', file)).body).toMatchObject({ inserted: 1 });
  });

  it('imports a good .csv, keeping "00123" and ISO dates as text', async () => {
    const res = await upload(
      'students.csv',
      csvFile([header, ['Dev', 'dev@example.edu', '00123', '2024-06-01', 'Quoted, "College"']]),
    );
    expect(res.body).toEqual({ inserted: 1, updated: 0, rejected: 0, errors: [] });
    expect(await userByEmail('dev@example.edu')).toMatchObject({
      year: '00123',
      branch: '2024-06-01',
      college: 'Quoted, "College"',
    });
  });

  it('imports a .csv with a UTF-8 byte-order mark', async () => {
    const res = await upload(
      'bom.csv',
      csvFile([header, ['Élan', 'elan@example.edu', '1', 'CE', 'Y']], ',', true),
    );
    expect(res.body).toEqual({ inserted: 1, updated: 0, rejected: 0, errors: [] });
    expect((await userByEmail('elan@example.edu'))?.name).toBe('élan');
  });

  it("imports a .csv separated by ';', also when saved as Windows-1252", async () => {
    const semicolon = await upload(
      'semi.csv',
      csvFile([header, ['Fay', 'fay@example.edu', '2', 'IT', 'Z;Z']], ';'),
    );
    expect(semicolon.body).toEqual({ inserted: 1, updated: 0, rejected: 0, errors: [] });
    expect((await userByEmail('fay@example.edu'))?.college).toBe('Z;Z');
    const latin = Buffer.from('Name;Email\r\nJosé;jose@example.edu\r\n', 'latin1');
    expect((await upload('latin.csv', latin)).body).toMatchObject({ inserted: 1 });
    expect((await userByEmail('jose@example.edu'))?.name).toBe('josé');
  });

  it('rejects each kind of bad row with its spreadsheet row number and keeps the good ones', async () => {
    const res = await upload(
      'bad.csv',
      csvFile([
        header,
        ['Good One', 'good1@example.edu', '1', 'A', 'B'],
        ['Bad Email', 'not-an-email', '1', 'A', 'B'],
        ['', 'noname@example.edu', '1', 'A', 'B'],
        ['No Email', '', '1', 'A', 'B'],
        ['Dup', 'GOOD1@example.edu', '1', 'A', 'B'],
        ['Long', 'long@example.edu', '1', 'A', 'x'.repeat(101)],
        ['', '', '', '', ''],
        ['Good Two', 'good2@example.edu', '', '', ''],
      ]),
    );
    expect(res).toEqual({
      status: 200,
      body: {
        inserted: 2,
        updated: 0,
        rejected: 5,
        errors: [
          { row: 3, message: messages.rosterEmailInvalid },
          { row: 4, message: messages.rosterNameMissing },
          { row: 5, message: messages.rosterEmailMissing },
          { row: 6, message: 'Same email as row 2' },
          { row: 7, message: 'College Name is longer than 100 characters' },
        ],
      },
    });
    expect(await userByEmail('noname@example.edu')).toBeUndefined();
  });

  it('updates an existing student without touching the password, then counts it as updated', async () => {
    const signUp = await call(server, 'POST', '/api/user/loginSignUp', {
      name: 'Old Name',
      email: 'kept@example.edu',
      password: 'Kept-pass-1',
    });
    expect(signUp.status).toBe(200);
    const before = await userByEmail('kept@example.edu');
    const res = await upload(
      'update.csv',
      csvFile([
        header,
        ['New Name', 'KEPT@example.edu', '4', 'EEE', 'New College'],
        ['Fresh', 'fresh@example.edu', '1', 'A', 'B'],
      ]),
    );
    expect(res.body).toEqual({ inserted: 1, updated: 1, rejected: 0, errors: [] });
    const after = await userByEmail('kept@example.edu');
    expect(after).toMatchObject({
      id: before?.id,
      name: 'new name',
      year: '4',
      branch: 'EEE',
      college: 'New College',
    });
    expect(after?.passwordHash).toBe(before?.passwordHash);
    const login = await call(server, 'POST', '/api/user/loginSignUp', {
      email: 'kept@example.edu',
      password: 'Kept-pass-1',
    });
    expect(login.status).toBe(200);
  });

  it('counts a re-uploaded, unchanged student as updated and leaves the row as it was', async () => {
    const file = csvFile([header, ['Same Person', 'same@example.edu', '2', 'ME', 'GEC']]);
    expect((await upload('same.csv', file)).body).toMatchObject({ inserted: 1, updated: 0 });
    const before = await userByEmail('same@example.edu');
    expect((await upload('same.csv', file)).body).toEqual({
      inserted: 0,
      updated: 1,
      rejected: 0,
      errors: [],
    });
    expect(await userByEmail('same@example.edu')).toEqual(before);
  });

  it('reads a long .xlsx in order across batches, with the right row numbers', async () => {
    const count = ROSTER_BATCH_SIZE + 700;
    const rows: (string | number)[][] = [header];
    for (let i = 0; i < count; i++)
      rows.push([`Long ${i}`, `long${i}@xlsx.test`, (i % 4) + 1, 'CSE', 'GEC']);
    rows.push(['Twice', 'long3@xlsx.test', 1, 'CSE', 'GEC']);
    const res = await upload('long.xlsx', await xlsxFile(rows));
    expect(res).toEqual({
      status: 200,
      body: {
        inserted: count,
        updated: 0,
        rejected: 1,
        errors: [{ row: count + 2, message: messages.rosterDuplicate.replace('{row}', '5') }],
      },
    });
    expect(await userByEmail(`long${count - 1}@xlsx.test`)).toMatchObject({
      name: `long ${count - 1}`,
      year: '4',
    });
  });

  it('answers 422 for an .xlsx whose sheet is not XML, and still reads the next file', async () => {
    const broken = zipFile([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook><sheets><sheet name="S" ') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<<< not xml') },
    ]);
    expect(await upload('broken.xlsx', broken)).toEqual({
      status: 422,
      body: { message: messages.rosterUnreadable },
    });
    const good = await xlsxFile([header, ['After', 'after-broken@example.edu', 1, 'A', 'B']]);
    expect((await upload('good.xlsx', good)).body).toMatchObject({ inserted: 1 });
  });

  it('updates, not fails, a student who signed up after the batch looked for them', async () => {
    // insertStudents is given rows the batch believed new; one now exists, with a password.
    const signUp = await call(server, 'POST', '/api/user/loginSignUp', {
      name: 'Racer',
      email: 'racer@example.edu',
      password: 'Racer-pass-1',
    });
    expect(signUp.status).toBe(200);
    const before = await userByEmail('racer@example.edu');
    const noExtras = { studentNumber: null, section: null };
    const inserted = await server.database.db.transaction((tx) =>
      insertStudents(tx, [
        {
          ...noExtras,
          name: 'racer r',
          email: 'racer@example.edu',
          year: '3',
          branch: 'IT',
          college: 'C',
        },
        {
          ...noExtras,
          name: 'newbie',
          email: 'newbie@example.edu',
          year: null,
          branch: null,
          college: null,
        },
      ]),
    );
    expect(inserted.inserted).toBe(1);
    // Each row's student, in order: the racer keeps their account.
    expect(inserted.ids[0]).toBe(before?.id);
    expect(inserted.ids[1]).toBe((await userByEmail('newbie@example.edu'))?.id);
    expect(await userByEmail('racer@example.edu')).toMatchObject({
      id: before?.id,
      name: 'racer r',
      year: '3',
      passwordHash: before?.passwordHash,
    });
    expect(await userByEmail('newbie@example.edu')).toMatchObject({ passwordHash: null });
  });

  it.each([
    ['a PNG renamed .csv', 'photo.csv', () => pngBytes, messages.rosterContentMismatch],
    ['a PNG', 'photo.png', () => pngBytes, messages.rosterWrongType],
    ['a .txt file', 'list.txt', () => csvFile([header]), messages.rosterWrongType],
    [
      'CSV text renamed .xlsx',
      'list.xlsx',
      () => csvFile([header]),
      messages.rosterContentMismatch,
    ],
    ['an .xlsx renamed .csv', 'list.csv', () => manyEntriesZip(1), messages.rosterContentMismatch],
    [
      'a zip that is not a workbook',
      'archive.xlsx',
      () => zipFile([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]),
      messages.rosterContentMismatch,
    ],
  ])('refuses %s with 415', async (_label, name, data, message) => {
    expect(await upload(name, data())).toEqual({ status: 415, body: { message } });
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x61);
    expect(await upload('big.csv', big)).toEqual({
      status: 413,
      body: { message: messages.rosterTooLarge },
    });
  });

  it.each([
    ['a zip bomb declaring 30 MB', honestZipBomb],
    ['a zip bomb whose directory lies about its size', lyingZipBomb],
    ['an .xlsx with 1,100 entries', () => manyEntriesZip(1100)],
  ])('refuses %s before parsing it', async (_label, make) => {
    expect(await upload('bomb.xlsx', make())).toEqual({
      status: 413,
      body: { message: messages.rosterZipTooLarge },
    });
  });

  it('refuses a file with missing columns, or a header and no rows, with 422', async () => {
    expect(
      await upload(
        'h.csv',
        csvFile([
          ['Name', 'Mail'],
          ['a', 'a@example.edu'],
        ]),
      ),
    ).toEqual({
      status: 422,
      body: { message: messages.rosterMissingHeaders },
    });
    expect(await upload('h.csv', csvFile([header]))).toEqual({
      status: 422,
      body: { message: messages.rosterNoRows },
    });
    expect(await upload('e.xlsx', await xlsxFile([]))).toEqual({
      status: 422,
      body: { message: messages.rosterMissingHeaders },
    });
  });

  it('refuses more than 100,000 rows with 413 and writes none of them', async () => {
    const before = await userCount();
    const rows = Array.from({ length: 100_001 }, (_, i) => `s${i},s${i}@many.test`);
    const file = Buffer.from(`Name,Email\n${rows.join('\n')}\n`);
    expect(await upload('many.csv', file)).toEqual({
      status: 413,
      body: { message: messages.rosterTooManyRows },
    });
    expect(await userCount()).toBe(before);
  });

  it.runIf(hasSsconvert)('imports a real legacy .xls and refuses a fake one with 422', async () => {
    const xls = xlsFile([header, ['Gita', 'gita@example.edu', '00042', 'CSE', 'GEC']]);
    expect(xls.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    expect((await upload('legacy.xls', xls)).body).toEqual({
      inserted: 1,
      updated: 0,
      rejected: 0,
      errors: [],
    });
    expect(await userByEmail('gita@example.edu')).toMatchObject({ name: 'gita', branch: 'CSE' });
    expect(await upload('fake.xls', fakeOle2())).toEqual({
      status: 422,
      body: { message: messages.rosterUnreadable },
    });
  });

  it.runIf(!hasSsconvert)(
    'says plainly that .xls needs converting when ssconvert is missing',
    async () => {
      expect(await upload('legacy.xls', fakeOle2())).toEqual({
        status: 422,
        body: { message: messages.rosterXlsUnavailable },
      });
    },
  );

  it('writes nothing when the database fails mid-write (after the first batch)', async () => {
    await server.database.db
      .insert(users)
      .values({ email: 'stay@example.edu', name: 'stay', year: '1' });
    const db = server.database.db;
    await db.execute(
      sql.raw(`create or replace function roster_boom() returns trigger language plpgsql as $$
      begin if new.email = 'boom@fail.test' then raise exception 'forced failure'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger roster_boom before insert on users for each row execute function roster_boom()',
      ),
    );
    try {
      const before = await userCount();
      // The failing row lands in the second batch, written while the parse has moved on.
      const rows = [header, ['Changed', 'stay@example.edu', '9', 'X', 'Y']];
      for (let i = 0; i < ROSTER_BATCH_SIZE + 500; i++) {
        rows.push([`p${i}`, `p${i}@atomic.test`, '1', 'A', 'B']);
      }
      rows.push(['Boom', 'boom@fail.test', '1', 'A', 'B']);
      expect(await upload('atomic.csv', csvFile(rows))).toEqual({
        status: 503,
        body: { message: messages.rosterNotSaved },
      });
      expect(await userCount()).toBe(before);
      expect(await userByEmail('stay@example.edu')).toMatchObject({ name: 'stay', year: '1' });
    } finally {
      await db.execute(sql.raw('drop trigger roster_boom on users'));
    }
  });
});
