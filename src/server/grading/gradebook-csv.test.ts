import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeGradebookCsv, type GradebookRow } from './gradebook-csv.ts';

const rows: GradebookRow[] = [
  {
    name: 'Asha Rao',
    email: 'asha@college.test',
    studentNumber: '00123',
    section: 'A',
    grade: 87.5,
  },
  {
    name: '=HYPERLINK("x")',
    email: 'eve@college.test',
    studentNumber: null,
    section: null,
    grade: null,
  },
  { name: 'Rao, Dev', email: 'dev@college.test', studentNumber: '-7', section: 'B', grade: 0 },
];

async function written(format: 'moodle' | 'canvas'): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  async function* pages() {
    yield rows.slice(0, 2);
    yield rows.slice(2);
  }
  await writeGradebookCsv(out, format, { title: 'Loops (LOOP-1)', max: 110 }, pages());
  return Buffer.concat(chunks).toString('utf8');
}

describe('gradebook CSV writers', () => {
  it("writes Moodle's import layout: identifiers, then one grade item", async () => {
    expect((await written('moodle')).split('\r\n')).toEqual([
      'ID number,Email address,Full name,Section,Loops (LOOP-1)',
      '00123,asha@college.test,Asha Rao,A,87.5',
      `,eve@college.test,"'=HYPERLINK(""x"")",,`,
      '\'-7,dev@college.test,"Rao, Dev",B,0',
      '',
    ]);
  });

  it("writes Canvas's import layout with the Points Possible row", async () => {
    expect((await written('canvas')).split('\r\n')).toEqual([
      'Student,ID,SIS User ID,SIS Login ID,Section,Loops (LOOP-1)',
      'Points Possible,,,,,110',
      'Asha Rao,,00123,asha@college.test,A,87.5',
      `"'=HYPERLINK(""x"")",,,eve@college.test,,`,
      '"Rao, Dev",,\'-7,dev@college.test,B,0',
      '',
    ]);
  });

  it('never starts the file with a byte-order mark', async () => {
    expect((await written('moodle')).charCodeAt(0)).not.toBe(0xfeff);
  });
});
