import { describe, expect, it } from 'vitest';
import type { StudentNotices } from '../../../contract/notices.ts';
import { feedOf, newsSince } from './notice-feed.ts';

const at = '2030-01-01T00:00:00.000Z';
const notices: StudentNotices = {
  cursor: 6,
  announcements: [
    { id: 5, body: 'late', createdAt: at },
    { id: 1, body: 'early', createdAt: at },
  ],
  questions: [
    {
      id: 4,
      mine: true,
      challengeId: null,
      challengeName: null,
      body: 'q4',
      createdAt: at,
      answers: [],
    },
    {
      id: 2,
      mine: false,
      challengeId: 'A',
      challengeName: 'A',
      body: 'q2',
      createdAt: at,
      answers: [{ id: 6, body: 'a6', toAll: true, createdAt: at }],
    },
  ],
};

describe('the student’s notices feed', () => {
  it('orders by latest news: an answered question moves up', () => {
    expect(feedOf(notices).map((e) => `${e.kind}:${e.latest}`)).toEqual([
      'question:6',
      'announcement:5',
      'question:4',
      'announcement:1',
    ]);
  });

  it('counts announcements and answers after what was seen, never one’s own questions', () => {
    expect(newsSince(notices, 0)).toEqual({ announcements: 2, answers: 1 });
    expect(newsSince(notices, 4)).toEqual({ announcements: 1, answers: 1 });
    expect(newsSince(notices, 6)).toEqual({ announcements: 0, answers: 0 });
  });
});
