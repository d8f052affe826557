/**
 * The exam form works on text (what the inputs hold); this module turns it into the contract's
 * ExamInput and back, and checks it with the schema the server uses (examInputSchema), so the
 * teacher reads the server's rules before any call. Each problem found is placed where it belongs:
 * next to its field, or to its problem slot, and the first one is the form's own error (the
 * challenge form's toast).
 */
import {
  examInputSchema,
  examMessages,
  type Exam,
  type ExamInput,
  type ExamScoring,
} from '../../../contract/exams.ts';
import { newSlot, type SlotValues } from './slot-editing.ts';

export type ExamFormValues = {
  examCode: string;
  title: string;
  instructions: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  durationMinutes: string;
  scoring: ExamScoring;
  slots: SlotValues[];
};

/** The fields a message can stand next to (the slots have their own, per slot). */
export type ExamField = Exclude<keyof ExamFormValues, 'slots'> | 'slots';

export type SlotErrors = { points?: string; challenges?: string };

export type ExamFormErrors = {
  /** The first problem, as the form's own error; undefined when the form is fine. */
  first: string | undefined;
  fields: Partial<Record<ExamField, string>>;
  /** By slot index. */
  slots: Record<number, SlotErrors>;
};

export const NO_ERRORS: ExamFormErrors = { first: undefined, fields: {}, slots: {} };

export function emptyExamValues(): ExamFormValues {
  return {
    examCode: '',
    title: '',
    instructions: '',
    startDate: '',
    startTime: '09:00',
    endDate: '',
    endTime: '17:00',
    durationMinutes: '60',
    scoring: 'best',
    slots: [newSlot()],
  };
}

export function valuesFromExam(exam: Exam): ExamFormValues {
  return {
    examCode: exam.examCode,
    title: exam.title,
    instructions: exam.instructions,
    startDate: exam.startDate,
    startTime: exam.startTime,
    endDate: exam.endDate,
    endTime: exam.endTime,
    durationMinutes: String(exam.durationMinutes),
    scoring: exam.scoring,
    slots: [...exam.slots]
      .sort((a, b) => a.ordinal - b.ordinal)
      .map((slot) =>
        newSlot(
          String(slot.points),
          slot.challenges.map((c) => c.challengeId),
        ),
      ),
  };
}

/** Empty text becomes undefined (so the schema reports it as missing); anything else a number. */
const numberOrMissing = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text);

export function toExamInput(values: ExamFormValues): ExamInput {
  return {
    examCode: values.examCode.trim(),
    title: values.title,
    instructions: values.instructions,
    startDate: values.startDate,
    startTime: values.startTime,
    endDate: values.endDate,
    endTime: values.endTime,
    durationMinutes: numberOrMissing(values.durationMinutes) as number,
    scoring: values.scoring,
    slots: values.slots.map((slot) => ({
      points: numberOrMissing(slot.points) as number,
      challengeIds: slot.challengeIds,
    })),
  };
}

const FIELDS: readonly ExamField[] = [
  'examCode',
  'title',
  'instructions',
  'startDate',
  'startTime',
  'endDate',
  'endTime',
  'durationMinutes',
  'scoring',
  'slots',
];
const isField = (key: unknown): key is ExamField =>
  typeof key === 'string' && (FIELDS as readonly string[]).includes(key);

/** Every problem of the form, where it belongs; the first in the form's order is `first`. */
export function checkExamValues(values: ExamFormValues): ExamFormErrors {
  const parsed = examInputSchema.safeParse(toExamInput(values));
  if (parsed.success) return NO_ERRORS;
  const fields: ExamFormErrors['fields'] = {};
  const slots: ExamFormErrors['slots'] = {};
  for (const issue of parsed.error.issues) {
    const [field, index, part] = issue.path;
    if (field === 'slots' && typeof index === 'number') {
      const slot = (slots[index] ??= {});
      if (part === 'points') slot.points ??= issue.message;
      else slot.challenges ??= issue.message;
    } else if (isField(field)) {
      fields[field] ??= issue.message;
    } else {
      // The whole body (not an object): nothing to stand next to, the form says it.
      fields.examCode ??= issue.message;
    }
  }
  const slotMessages = Object.keys(slots)
    .map(Number)
    .sort((a, b) => a - b)
    .flatMap((i) => [slots[i]?.points, slots[i]?.challenges]);
  const first =
    FIELDS.filter((f) => f !== 'slots')
      .map((f) => fields[f])
      .find(Boolean) ??
    fields.slots ??
    slotMessages.find(Boolean) ??
    examMessages.enterAllExamDetails;
  return { first, fields, slots };
}
