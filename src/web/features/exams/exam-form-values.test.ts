import { describe, expect, it } from 'vitest';
import { examInputSchema, examMessages, type Exam } from '../../../contract/exams.ts';
import {
  checkExamValues,
  emptyExamValues,
  toExamInput,
  valuesFromExam,
  type ExamFormValues,
} from './exam-form-values.ts';
import { newSlot } from './slot-editing.ts';

const exam: Exam = {
  examCode: 'MID-1',
  title: 'Midterm',
  instructions: '# Rules\nNo notes.',
  startDate: '2026-12-01',
  startTime: '09:00',
  endDate: '2026-12-01',
  endTime: '11:30',
  durationMinutes: 90,
  scoring: 'last',
  // Out of order on purpose: the form follows the ordinals.
  slots: [
    {
      ordinal: 2,
      points: 50,
      challenges: [
        { challengeId: 'PB1', challengeName: 'B one', score: 100 },
        { challengeId: 'PB2', challengeName: 'B two', score: 10 },
      ],
    },
    {
      ordinal: 1,
      points: 30,
      challenges: [{ challengeId: 'PA1', challengeName: 'A', score: 100 }],
    },
  ],
  totalPoints: 80,
  archived: false,
  lifecycle: 'published',
  stoppedAt: null,
  timeZone: 'Europe/Berlin',
  studentsStarted: 0,
  hasSubmissions: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function filled(overrides: Partial<ExamFormValues> = {}): ExamFormValues {
  return {
    ...emptyExamValues(),
    examCode: 'quiz-7',
    title: 'Quiz 7',
    startDate: '2026-12-01',
    endDate: '2026-12-02',
    slots: [newSlot('10', ['SUM'])],
    ...overrides,
  };
}

describe('exam form values', () => {
  it('turns an exam into the form and back into the same input', () => {
    const values = valuesFromExam(exam);
    expect(values.slots.map((s) => [s.points, s.challengeIds])).toEqual([
      ['30', ['PA1']],
      ['50', ['PB1', 'PB2']],
    ]);
    expect(values.durationMinutes).toBe('90');
    expect(toExamInput(values)).toEqual({
      examCode: 'MID-1',
      title: 'Midterm',
      instructions: '# Rules\nNo notes.',
      startDate: '2026-12-01',
      startTime: '09:00',
      endDate: '2026-12-01',
      endTime: '11:30',
      durationMinutes: 90,
      scoring: 'last',
      slots: [
        { points: 30, challengeIds: ['PA1'] },
        { points: 50, challengeIds: ['PB1', 'PB2'] },
      ],
    });
    expect(checkExamValues(values).first).toBeUndefined();
  });

  it('makes an input the server schema accepts, the code trimmed', () => {
    const input = toExamInput(filled({ examCode: '  quiz-7 ' }));
    expect(input.examCode).toBe('quiz-7');
    expect(examInputSchema.safeParse(input).success).toBe(true);
  });

  it('says what is missing next to each empty field, the first as the form’s error', () => {
    const errors = checkExamValues(emptyExamValues());
    expect(errors.first).toBe(examMessages.enterAllExamDetails);
    expect(errors.fields.examCode).toBe(examMessages.enterAllExamDetails);
    expect(errors.fields.title).toBe(examMessages.enterAllExamDetails);
    expect(errors.fields.startDate).toBe(examMessages.enterAllExamDetails);
    expect(errors.fields.endDate).toBe(examMessages.enterAllExamDetails);
    // The empty first problem has its own message, on its slot.
    expect(errors.slots[0]?.challenges).toBe(examMessages.emptySlot);
    expect(errors.fields.durationMinutes).toBeUndefined();
  });

  it('puts each specific problem where it belongs', () => {
    expect(checkExamValues(filled({ examCode: 'a b' })).fields.examCode).toBe(
      examMessages.invalidExamCode,
    );
    expect(checkExamValues(filled({ durationMinutes: '1.5' })).fields.durationMinutes).toBe(
      examMessages.invalidExamDuration,
    );
    expect(checkExamValues(filled({ startTime: '25:00' })).fields.startTime).toBe(
      examMessages.invalidTime,
    );
    const backwards = checkExamValues(filled({ endDate: '2026-11-30' }));
    expect(backwards.fields.endDate).toBe(examMessages.examWindowBackwards);
    expect(backwards.first).toBe(examMessages.examWindowBackwards);

    const slots = checkExamValues(
      filled({ slots: [newSlot('10', ['PA1']), newSlot('', ['PB1'])] }),
    );
    expect(slots.slots).toEqual({ 1: { points: examMessages.invalidPoints } });
    expect(slots.first).toBe(examMessages.invalidPoints);
    expect(checkExamValues(filled({ slots: [] })).fields.slots).toBe(examMessages.addSlot);
  });

  it('refuses a challenge twice in the exam, whatever its case', () => {
    const errors = checkExamValues(
      filled({ slots: [newSlot('10', ['SUM']), newSlot('10', ['sum'])] }),
    );
    expect(errors.fields.slots).toBe(examMessages.repeatedChallenge);
    expect(errors.first).toBe(examMessages.repeatedChallenge);
  });
});
