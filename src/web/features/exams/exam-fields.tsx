/**
 * The exam form's own fields: the test code, title and instructions, the window (dates and times
 * read in the portal's time zone, which the hint names), the duration per student and how each
 * problem is scored. The problems (slots) have their own editor (slots-editor.tsx). A message of
 * the form's check stands in each field's hint, so it is read with the field.
 */
import type { ChangeEvent } from 'react';
import { EXAM_SCORINGS, type ExamScoring } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import { TextAreaField } from '../../ui/text-area-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { ExamFormErrors, ExamFormValues } from './exam-form-values.ts';

type Props = {
  values: ExamFormValues;
  onChange: (values: ExamFormValues) => void;
  errors: ExamFormErrors['fields'];
  /** The portal's time zone, once an exam has told it. */
  timeZone: string | undefined;
  /** Editing: the code is what the exam was loaded by. */
  codeReadOnly?: boolean;
};

type TextKey = Exclude<keyof ExamFormValues, 'slots' | 'scoring'>;

const scoringLabels: Record<ExamScoring, string> = {
  best: messages.scoringBest,
  last: messages.scoringLast,
};

export function ExamFields({ values, onChange, errors, timeZone, codeReadOnly }: Props) {
  const set = (field: TextKey) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange({ ...values, [field]: event.target.value });

  return (
    <>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">{messages.examDetailsLegend}</legend>
        <div className="form-grid">
          <TextField
            required
            label={messages.fieldExamCode}
            name="examCode"
            value={values.examCode}
            readOnly={codeReadOnly}
            spellCheck={false}
            autoCapitalize="none"
            autoComplete="off"
            error={errors.examCode}
            onChange={set('examCode')}
          />
          <TextField
            required
            label={messages.fieldExamTitle}
            name="title"
            value={values.title}
            error={errors.title}
            onChange={set('title')}
          />
          <TextAreaField
            className="form-grid__wide"
            rows={6}
            code
            label={messages.fieldInstructions}
            name="instructions"
            value={values.instructions}
            hint={messages.instructionsHint}
            error={errors.instructions}
            onChange={set('instructions')}
          />
        </div>
      </fieldset>

      <fieldset className="fieldset">
        <legend className="fieldset__legend">{messages.examWindowLegend}</legend>
        <p className="field__hint">
          {timeZone
            ? messages.examWindowHint.replace('{timeZone}', timeZone)
            : messages.examWindowHintUnknownZone}
        </p>
        <div className="exam-window">
          <TextField
            required
            type="date"
            label={messages.fieldExamStartDate}
            name="startDate"
            value={values.startDate}
            error={errors.startDate}
            onChange={set('startDate')}
          />
          <TextField
            required
            type="time"
            label={messages.fieldExamStartTime}
            name="startTime"
            value={values.startTime}
            error={errors.startTime}
            onChange={set('startTime')}
          />
          <TextField
            required
            type="date"
            label={messages.fieldExamEndDate}
            name="endDate"
            value={values.endDate}
            error={errors.endDate}
            onChange={set('endDate')}
          />
          <TextField
            required
            type="time"
            label={messages.fieldExamEndTime}
            name="endTime"
            value={values.endTime}
            error={errors.endTime}
            onChange={set('endTime')}
          />
          <TextField
            required
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            label={messages.fieldExamDuration}
            name="durationMinutes"
            value={values.durationMinutes}
            error={errors.durationMinutes}
            onChange={set('durationMinutes')}
          />
        </div>
        <fieldset className="exam-scoring">
          <legend className="field__label">{messages.fieldScoring}</legend>
          {EXAM_SCORINGS.map((scoring) => (
            <label key={scoring} className="checkbox">
              <input
                type="radio"
                name="scoring"
                value={scoring}
                checked={values.scoring === scoring}
                onChange={() => onChange({ ...values, scoring })}
              />
              <span>{scoringLabels[scoring]}</span>
            </label>
          ))}
        </fieldset>
      </fieldset>
    </>
  );
}
