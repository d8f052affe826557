/**
 * The optional course of a new roster upload, challenge or exam (issue 33). Shown only when the
 * member may write in more than one course: with one (or none) the server picks it (an owner's
 * default course, a teacher's only course), so the spec's screens look as they always did. Left
 * unchosen, the server decides too: an owner's go to the default course, and a teacher with
 * several courses is told to choose ('Choose the course this belongs to.').
 */
import { Field } from '@ark-ui/react/field';
import { useEffect, useState } from 'react';
import type { Course } from '../../contract/courses.ts';
import { courseUi } from '../../contract/staff-ui.ts';
import { fetchCourses, writableCourses } from '../lib/staff-self.ts';

export function CourseSelect({
  token,
  value,
  onChange,
  disabled,
}: {
  token: string;
  /** The chosen course's id, or '' for none (the server's choice). */
  value: string;
  onChange: (courseId: string) => void;
  disabled?: boolean;
}) {
  const [courses, setCourses] = useState<Course[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetchCourses(token, controller.signal).then(
      (found) => setCourses(writableCourses(found)),
      // Without the list the form works as before: the server chooses.
      () => undefined,
    );
    return () => controller.abort();
  }, [token]);

  if (courses.length < 2) return null;
  return (
    <Field.Root className="field" disabled={disabled}>
      <Field.Label className="field__label">{courseUi.fieldCourse}</Field.Label>
      <Field.Select
        className="field__input field__select"
        name="courseId"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{courseUi.chooseCourse}</option>
        {courses.map((course) => (
          <option key={course.id} value={course.id}>
            {course.code} — {course.title}
          </option>
        ))}
      </Field.Select>
      <Field.HelperText className="field__hint">{courseUi.courseHint}</Field.HelperText>
    </Field.Root>
  );
}
