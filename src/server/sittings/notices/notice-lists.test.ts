import { describe, expect, it } from 'vitest';
import { assembleStaffNotices, assembleStudentNotices, type NoticeRow } from './notice-lists.ts';

const row = (id: number, patch: Partial<NoticeRow>): NoticeRow => ({
  id: String(id),
  kind: 'announcement',
  userId: null,
  questionId: null,
  toAll: false,
  challengeId: null,
  challengeName: null,
  body: `body ${id}`,
  author: 'staff@college.test',
  createdAt: `2030-01-01T00:00:0${id}.000Z`,
  ...patch,
});

// Newest first, as the queries read them.
const rows: NoticeRow[] = [
  row(6, { kind: 'answer', userId: 'ada', questionId: '3', toAll: true }),
  row(5, { kind: 'answer', userId: 'ada', questionId: '3', toAll: false, body: 'private' }),
  row(4, { kind: 'question', userId: 'bo', author: null }),
  row(3, { kind: 'question', userId: 'ada', author: null, askerName: 'Ada', askerEmail: 'a@x' }),
  row(2, { kind: 'question', userId: 'ada', author: null }),
  row(1, {}),
];

describe('the student’s notices', () => {
  it('keeps another student’s question only when answered to everyone, with that answer only', () => {
    const seen = assembleStudentNotices(rows, 'bo');
    expect(seen.questions.map((q) => [q.id, q.mine, q.answers.map((a) => a.id)])).toEqual([
      [4, true, []],
      [3, false, [6]],
    ]);
    expect(JSON.stringify(seen)).not.toMatch(/ada|Ada|private|staff@/);
    expect(seen.cursor).toBe(6);
  });

  it('gives the asker every answer, oldest first', () => {
    const seen = assembleStudentNotices(rows, 'ada');
    expect(seen.questions.map((q) => [q.id, q.answers.map((a) => a.id)])).toEqual([
      [3, [5, 6]],
      [2, []],
    ]);
    expect(seen.announcements).toEqual([{ id: 1, body: 'body 1', createdAt: rows[5]?.createdAt }]);
  });
});

describe('the staff’s notices', () => {
  it('counts and lists unanswered questions first, each group newest first', () => {
    const staff = assembleStaffNotices(rows);
    expect(staff.unanswered).toBe(2);
    expect(staff.questions.map((q) => q.id)).toEqual([4, 2, 3]);
    expect(staff.questions[2]?.asker).toEqual({ id: 'ada', name: 'Ada', email: 'a@x' });
  });
});
