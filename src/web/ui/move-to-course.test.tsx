import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { courseMoveMessages as text } from '../../contract/course-moves.ts';
import type { Course } from '../../contract/courses.ts';
import { testCourse } from './course-test-data.ts';
import { MoveToCourseButton } from './move-to-course.tsx';

const course = testCourse;

const button = (courseId: string | undefined, courses: Course[]) =>
  render(
    <MoveToCourseButton
      name="SUM-1"
      courseId={courseId}
      path="/api/admin/challenges/SUM-1/course"
      token="t"
      courses={courses}
      onMoved={() => undefined}
      className="button"
    />,
  );

describe('MoveToCourseButton', () => {
  it('is offered only in a course the member may write in, with another to go to', () => {
    expect(button('id-A', [course('A')]).container.innerHTML).toBe('');
    expect(button('id-X', [course('A'), course('B')]).container.innerHTML).toBe('');
    expect(button(undefined, [course('A'), course('B')]).container.innerHTML).toBe('');
  });

  it('opens a dialog whose select lists the other courses, the current one said apart', () => {
    button('id-A', [course('A'), course('B'), course('C')]);
    fireEvent.click(
      screen.getByRole('button', { name: text.actionLabel.replace('{name}', 'SUM-1') }),
    );
    const dialog = screen.getByRole('dialog', { name: text.title.replace('{name}', 'SUM-1') });
    expect(dialog.textContent).toContain('Now in A — A title.');
    const select = screen.getByLabelText(text.courseLabel);
    const options = [...select.querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual(['B — B title', 'C — C title']);
  });
});
