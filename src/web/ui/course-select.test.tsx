import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Course } from '../../contract/courses.ts';
import { testCourse } from './course-test-data.ts';
import { courseUi } from '../../contract/staff-ui.ts';

// The one fetch wrapper answers GET /api/admin/courses; the select's own rules are under test.
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../lib/api-client.ts', () => api);
const answer = (courses: Course[]) => api.apiRequest.mockResolvedValue({ courses });

const { CourseSelect } = await import('./course-select.tsx');

const course = testCourse;

describe('CourseSelect', () => {
  it('is absent when the member may write in one course only (assisting does not count)', async () => {
    answer([course('A', 'teacher'), course('B', 'assistant')]);
    const { container } = render(<CourseSelect token="t" value="" onChange={() => undefined} />);
    await waitFor(() => expect(api.apiRequest).toHaveBeenCalled());
    // The list's answer has been handled (not merely asked for) before looking.
    await act(async () => {
      await api.apiRequest.mock.results[0]?.value;
    });
    expect(container.innerHTML).toBe('');
  });

  it('offers the courses the member teaches when there are several', async () => {
    answer([course('A', 'teacher'), course('B', 'teacher'), course('C', 'assistant')]);
    render(<CourseSelect token="t" value="" onChange={() => undefined} />);
    const select = await screen.findByLabelText(courseUi.fieldCourse);
    const options = [...select.querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual([courseUi.chooseCourse, 'A — A title', 'B — B title']);
  });
});
