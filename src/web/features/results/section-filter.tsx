/**
 * Results by section (issue 33, contract/results-sections.ts), on the challenge's table and the
 * exam's matrix alike: the section choice, offered only when the course has sections, and the
 * Student ID and Section columns, each only when the course has something to put in it, so a
 * course without either shows the spec's results as they always were. The section is kept in the
 * address (`section`), so a reload or a shared link shows the same students.
 */
import { Field } from '@ark-ui/react/field';
import { useNavigate } from '@tanstack/react-router';
import { messages } from '../../../contract/messages.ts';
import {
  sectionColumnsShown,
  sectionUi,
  type ResultsCourse,
} from '../../../contract/results-sections.ts';
import type { DataColumn } from '../../ui/data-table.tsx';

type Props = {
  course: ResultsCourse | undefined;
  /** The chosen section's id, '' for every student. */
  value: string;
  onChange: (sectionId: string) => void;
};

export function SectionSelect({ course, value, onChange }: Props) {
  if (!course || course.sections.length === 0) return null;
  const known = value === '' || course.sections.some((s) => s.sectionId === value);
  return (
    <Field.Root className="field">
      <Field.Label className="field__label">{sectionUi.filterSection}</Field.Label>
      <Field.Select
        className="field__input field__select"
        name="sectionId"
        value={known ? value : ''}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{sectionUi.allSections}</option>
        {course.sections.map((section) => (
          <option key={section.sectionId} value={section.sectionId}>
            {section.name}
          </option>
        ))}
      </Field.Select>
    </Field.Root>
  );
}

/**
 * A new section for the view: the address keeps everything else of it (the challenge or the
 * exam), replaced rather than pushed, as the other filters leave no history entries.
 */
export function useChooseSection(place: { challengeId: string } | { exam: string }) {
  const navigate = useNavigate();
  return (sectionId: string) =>
    void navigate({
      to: '/adminDash',
      search: { view: 'results', ...place, section: sectionId === '' ? undefined : sectionId },
      replace: true,
      resetScroll: false,
    });
}

type EnrolmentRow = { studentNumber: string | null; section: string | null };

/** The Student ID and Section columns the course has something to show in. */
export function enrolmentColumns<Row extends EnrolmentRow, K extends string>(
  course: ResultsCourse | undefined,
): DataColumn<Row, K>[] {
  const shown = sectionColumnsShown(course);
  const none = messages.notAvailable;
  return [
    ...(shown.studentId
      ? [
          {
            id: 'studentNumber',
            header: sectionUi.colStudentId,
            cell: (row: Row) => row.studentNumber ?? none,
          },
        ]
      : []),
    ...(shown.section
      ? [{ id: 'section', header: sectionUi.colSection, cell: (row: Row) => row.section ?? none }]
      : []),
  ];
}

/** The section's name for the export's wording; undefined for none or one not (yet) known. */
export function sectionName(course: ResultsCourse | undefined, sectionId: string | undefined) {
  return sectionId ? course?.sections.find((s) => s.sectionId === sectionId)?.name : undefined;
}
