/**
 * The Results view's exam picker (issue 31), beside its challenge picker: choosing an exam shows
 * its matrix instead of one challenge's table. An exam named in the address but not (or not yet)
 * in the list stays chosen.
 */
import { Field } from '@ark-ui/react/field';
import { useEffect, useState } from 'react';
import type { ExamSummary } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { listExams } from './results-api.ts';

type Props = {
  token: string;
  examCode?: string | undefined;
  onChoose: (examCode: string | undefined) => void;
};

export function ExamSelect({ token, examCode, onChoose }: Props) {
  const [exams, setExams] = useState<ExamSummary[] | null>(null);
  useEffect(() => {
    let live = true;
    listExams(token).then(
      (found) => live && setExams(found),
      (error: unknown) => showFailure(error),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const known = exams?.some((e) => e.examCode === examCode) ?? false;
  return (
    <Field.Root className="field results-picker">
      <Field.Label className="field__label">{messages.resultsExamLabel}</Field.Label>
      <Field.Select
        className="field__input field__select"
        name="exam"
        value={examCode ?? ''}
        onChange={(event) => onChoose(event.target.value || undefined)}
      >
        <option value="">{messages.resultsChooseExam}</option>
        {examCode && !known ? <option value={examCode}>{examCode}</option> : null}
        {(exams ?? []).map((e) => (
          <option key={e.examCode} value={e.examCode}>
            {e.examCode} — {e.title}
          </option>
        ))}
      </Field.Select>
    </Field.Root>
  );
}
