/**
 * The Students view's course and section (issue 33): the list shows that course's (or section's)
 * students with their Student ID and section, and the one-time password sheet is made for it.
 * The choice lives in the address (`courseId`, `sectionId`), so a reload or a shared link shows
 * the same students. Only the courses the member is staff of are offered (all, for owners).
 */
import { Field } from '@ark-ui/react/field';
import type { Course } from '../../../contract/courses.ts';
import { credentialsUi } from '../../../contract/credentials-ui.ts';

export type CourseScope = { courseId?: string; sectionId?: string };

type Props = {
  courses: readonly Course[];
  scope: CourseScope;
  onChange: (scope: CourseScope) => void;
};

export function CourseScopeFields({ courses, scope, onChange }: Props) {
  const course = courses.find((c) => c.id === scope.courseId);
  return (
    <>
      <Field.Root className="field">
        <Field.Label className="field__label">{credentialsUi.fieldCourse}</Field.Label>
        <Field.Select
          className="field__input field__select"
          name="courseId"
          value={scope.courseId ?? ''}
          onChange={(event) =>
            onChange(event.target.value === '' ? {} : { courseId: event.target.value })
          }
        >
          <option value="">{credentialsUi.allCourses}</option>
          {courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.code} — {c.title}
            </option>
          ))}
        </Field.Select>
      </Field.Root>
      {course && course.sections.length > 0 ? (
        <Field.Root className="field">
          <Field.Label className="field__label">{credentialsUi.fieldSection}</Field.Label>
          <Field.Select
            className="field__input field__select"
            name="sectionId"
            value={scope.sectionId ?? ''}
            onChange={(event) =>
              onChange({
                courseId: course.id,
                ...(event.target.value === '' ? {} : { sectionId: event.target.value }),
              })
            }
          >
            <option value="">{credentialsUi.allSections}</option>
            {course.sections.map((section) => (
              <option key={section.id} value={section.id}>
                {section.name}
              </option>
            ))}
          </Field.Select>
        </Field.Root>
      ) : null}
    </>
  );
}
