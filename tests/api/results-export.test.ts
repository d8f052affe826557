import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  resultsExportPath,
  resultsFilterQuerySchema,
  resultsPath,
  toSearchParams,
  type ResultsExportQuery,
  type ResultsFilterQuery,
  type ResultsResponse,
  type ResultsRow,
} from '../../src/contract/results.ts';
import { messages } from '../../src/contract/messages.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  startServer,
  type TestServer,
} from './harness.ts';
import { exportPages } from '../../src/server/results/export-rows.ts';
import { findResultsChallenge } from '../../src/server/results/results-queries.ts';
import { seedAttempt, seedChallenge, seedStudent } from './results-fixtures.ts';
import { bound } from './bounds.ts';

const T0 = Date.parse('2026-03-01T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const INJECTED = '=HYPERLINK("http://x","y")';
const today = () => new Date().toISOString().slice(0, 10);

describe.each(databaseKinds)('results export on %s', (kind) => {
  let server: TestServer;
  let auth: Record<string, string>;

  const download = async (format: 'xlsx' | 'csv', query: ResultsExportQuery = {}) => {
    const response = await fetch(
      `${server.url}${resultsExportPath('EXP-1', format)}?${toSearchParams(query)}`,
      { headers: auth },
    );
    expect(response.status).toBe(200);
    const data = await response.arrayBuffer();
    return { response, data, bytes: Buffer.from(data) };
  };
  const table = async (query: ResultsFilterQuery = {}) => {
    const res = await call(
      server,
      'GET',
      `${resultsPath('EXP-1')}?${toSearchParams({ ...query, limit: 200 })}`,
      undefined,
      auth,
    );
    expect(res.status).toBe(200);
    return (res.body as ResultsResponse).rows;
  };
  /** A row of the table as the export writes it (times read back as Dates, UTC here). */
  const asCells = (r: ResultsRow) => [
    r.name,
    r.email,
    r.year,
    r.branch,
    r.college,
    r.started ? 'Started' : 'Not started',
    r.startedAt === null ? null : new Date(r.startedAt),
    r.deadline === null ? null : new Date(r.deadline),
    r.timeUsedSeconds,
    r.started ? r.submissions : null,
    r.bestScore,
    r.bestPercent,
    r.bestVerdict,
    r.lastSubmissionAt === null ? null : new Date(r.lastSubmissionAt),
  ];
  const neutralised = (v: unknown) =>
    typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    auth = bearer(await adminToken(server));
    await seedChallenge(server, 'EXP-1');
    const people = [
      {
        name: 'Asha Rao',
        email: 'asha@x.test',
        branch: 'CSE',
        year: '2',
        college: 'GEC',
        score: 100,
      },
      {
        name: INJECTED,
        email: 'inject@x.test',
        branch: 'CSE',
        year: '1',
        college: 'GEC',
        score: 75,
      },
      {
        name: '-minus, "quoted"',
        email: 'minus@x.test',
        branch: 'ECE',
        year: '3',
        college: 'MIT',
        score: 40,
      },
      {
        name: 'Zoë Ünal',
        email: 'zoe@x.test',
        branch: 'ECE',
        year: '3',
        college: 'MIT',
        score: null,
      },
    ];
    for (const [i, p] of people.entries()) {
      const userId = await seedStudent(server, p);
      await seedAttempt(server, {
        userId,
        challengeId: 'EXP-1',
        startedAt: at(i),
        submissions:
          p.score === null
            ? []
            : [
                {
                  at: 600 + i,
                  score: p.score,
                  tests:
                    p.score === 100
                      ? undefined
                      : ['Accepted', 'Wrong Answer', 'Time Limit Exceeded'],
                },
              ],
      });
    }
    await seedStudent(server, { name: 'Not Yet', email: 'notyet@x.test', branch: 'CSE' });
  }, bound(60_000));

  afterAll(async () => {
    await server?.close();
  });

  it('writes an .xlsx whose Results sheet equals the table, formulas neutralised', async () => {
    const query: ResultsFilterQuery = { sort: 'bestScore', dir: 'desc' };
    const { response, data } = await download('xlsx', query);
    expect(response.headers.get('content-type')).toContain('spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="results-EXP-1-${today()}.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data);
    const sheet = workbook.getWorksheet('Results');
    if (!sheet) throw new Error('no Results sheet');
    const values = (row: ExcelJS.Row) =>
      Array.from({ length: 14 }, (_, i) => {
        const v = row.getCell(i + 1).value;
        return v === undefined ? null : v;
      });
    expect(values(sheet.getRow(1))[0]).toBe('Name');
    expect(values(sheet.getRow(1))[10]).toBe('Best score (of 100)');
    const rows = await table(query);
    expect(sheet.rowCount).toBe(rows.length + 1);
    rows.forEach((r, i) => {
      expect(values(sheet.getRow(i + 2)), r.name).toEqual(asCells(r).map(neutralised));
    });
    // The injected name is plain text, not a formula.
    const injected = sheet
      .getColumn(1)
      .values.find((v) => typeof v === 'string' && v.includes('HYPERLINK'));
    expect(injected).toBe(`'${INJECTED}`);
    sheet.eachRow((row) =>
      row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)),
    );

    const tests = workbook.getWorksheet('Tests');
    expect(tests?.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Email',
      'Sample 1',
      'Hidden 1',
      'Hidden 2',
    ]);
    expect(tests?.getRow(2).values).toEqual([
      undefined,
      'Asha Rao',
      'asha@x.test',
      'Accepted',
      'Accepted',
      'Accepted',
    ]);
    expect(tests?.getRow(3).values).toEqual([
      undefined,
      `'${INJECTED}`,
      'inject@x.test',
      'Accepted',
      'Wrong Answer',
      'Time Limit Exceeded',
    ]);
    expect(tests?.rowCount).toBe(rows.length + 1);
  });

  it('reads every row once, in order, whatever the page size and read-ahead', async () => {
    const challenge = await findResultsChallenge(server.database.db, 'EXP-1');
    if (!challenge) throw new Error('no challenge');
    const filters = resultsFilterQuerySchema.parse({ sort: 'bestScore', dir: 'desc' });
    const rows = await table({ sort: 'bestScore', dir: 'desc' });
    for (const [pageSize, readAhead] of [
      [1, 0],
      [2, 2],
      [1, 3],
      [100, 2],
    ] as const) {
      const seen: string[] = [];
      for await (const page of exportPages(
        server.database.db,
        challenge,
        filters,
        pageSize,
        readAhead,
      )) {
        expect(page.length).toBeLessThanOrEqual(pageSize);
        seen.push(...page.map((r) => r.email));
      }
      expect(seen, `pages of ${pageSize}, ${readAhead} ahead`).toEqual(rows.map((r) => r.email));
    }
  });

  it('writes a CSV with a BOM, CRLF, quoting and neutralised text', async () => {
    const { response, bytes } = await download('csv', { sort: 'name' });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="results-EXP-1-${today()}.csv"`,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'Name,Email,Year,Branch,College,Status,Started at,Deadline,Time used (s),Submissions,Best score (of 100),Best %,Best verdict,Last submission,Score override,Manual points,Final score (of 100),Student ID,Section',
    );
    expect(lines[1]).toBe(
      `"'-minus, ""quoted""",minus@x.test,3,ECE,MIT,Started,2026-03-01 09:02:00,2026-03-01 10:02:00,602,1,40,40,Wrong Answer,2026-03-01 09:12:02,,,40,,`,
    );
    expect(lines[2]).toBe(
      `"'=HYPERLINK(""http://x"",""y"")",inject@x.test,1,CSE,GEC,Started,2026-03-01 09:01:00,2026-03-01 10:01:00,601,1,75,75,Wrong Answer,2026-03-01 09:11:01,,,75,,`,
    );
    expect(lines[3]).toMatch(/^Asha Rao,asha@x\.test,/);
    expect(lines[4]).toBe(
      'Zoë Ünal,zoe@x.test,3,ECE,MIT,Started,2026-03-01 09:03:00,2026-03-01 10:03:00,,0,,,,,,,,,',
    );
    expect(lines).toHaveLength(6);
  });

  it('honours the filters and the status', async () => {
    const ece = (await download('csv', { branch: 'ECE', sort: 'name' })).bytes
      .toString('utf8')
      .split('\r\n');
    expect(ece[1]).toContain(',minus@x.test,');
    expect(ece[2]).toMatch(/^Zoë Ünal,zoe@x\.test,/);
    expect(ece).toHaveLength(4);
    expect(ece.some((l) => l.includes('asha@x.test'))).toBe(false);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download('xlsx', { status: 'not-started' })).data);
    const sheet = workbook.getWorksheet('Results');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(1).value).toBe('Not Yet');
    expect(sheet?.getRow(2).getCell(6).value).toBe('Not started');
  });

  it('exports everyone on the roster with scope=roster, whatever the filters', async () => {
    // The default export follows the table's "Started" filter: the student who never opened
    // the challenge is not in it, which is what a gradebook must not silently do.
    const view = (await download('csv', { sort: 'name' })).bytes.toString('utf8');
    expect(view).not.toContain('notyet@x.test');

    const query: ResultsExportQuery = {
      scope: 'roster',
      status: 'started',
      branch: 'ECE',
      q: 'zo',
      sort: 'name',
    };
    const { response, bytes } = await download('csv', query);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="results-EXP-1-roster-${today()}.csv"`,
    );
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    // Five students, started or not, in the table's sort (name), then the final line break.
    expect(lines).toHaveLength(7);
    expect(lines.slice(1, -1).map((l) => l.split(',')[0])).toEqual([
      `"'-minus`,
      `"'=HYPERLINK(""http://x""`,
      'Asha Rao',
      'Not Yet',
      'Zoë Ünal',
    ]);
    expect(lines[4]).toBe('Not Yet,notyet@x.test,,CSE,,Not started,,,,,,,,,,,,,');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download('xlsx', query)).data);
    const sheet = workbook.getWorksheet('Results');
    expect(sheet?.rowCount).toBe(6);
    const notYet = sheet?.getRow(5);
    expect(notYet?.getCell(2).value).toBe('notyet@x.test');
    expect(notYet?.getCell(6).value).toBe('Not started');
    expect(notYet?.getCell(11).value ?? null).toBeNull();
    expect(workbook.getWorksheet('Tests')?.rowCount).toBe(6);
  });

  it('answers 400 and 404 as JSON before streaming', async () => {
    const scope = await call(
      server,
      'GET',
      `${resultsExportPath('EXP-1', 'csv')}?scope=everyone`,
      undefined,
      auth,
    );
    expect(scope.status).toBe(400);
    expect(scope.body).toEqual({ message: messages.invalidExportScope });
    const bad = await call(
      server,
      'GET',
      `${resultsExportPath('EXP-1', 'xlsx')}?sort=bogus`,
      undefined,
      auth,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: messages.invalidSortColumn });
    const missing = await call(server, 'GET', resultsExportPath('NO-SUCH', 'csv'), undefined, auth);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: messages.challengeNotFound });
  });
});
