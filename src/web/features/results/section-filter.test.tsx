import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ResultsCourse } from '../../../contract/results-sections.ts';
import { enrolmentColumns, sectionName, SectionSelect } from './section-filter.tsx';

const course: ResultsCourse = {
  courseId: 'c',
  code: 'CS-101',
  sections: [
    { sectionId: 's-a', name: 'A1' },
    { sectionId: 's-b', name: 'B2' },
  ],
  hasStudentIds: true,
};
const bare: ResultsCourse = { ...course, sections: [], hasStudentIds: false };

describe('results by section', () => {
  it('offers the course’s sections after "All sections", and reports the choice', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(sectionId: string) => void>();
    render(<SectionSelect course={course} value="" onChange={onChange} />);
    const select = screen.getByLabelText('Section');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All sections',
      'A1',
      'B2',
    ]);
    await user.selectOptions(select, 'B2');
    expect(onChange).toHaveBeenCalledWith('s-b');
  });

  it('is not there for a course without sections, nor before the answer', () => {
    const { container } = render(
      <>
        <SectionSelect course={bare} value="" onChange={() => undefined} />
        <SectionSelect course={undefined} value="" onChange={() => undefined} />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('adds only the columns the course has something for', () => {
    const ids = (of: ResultsCourse | undefined) => enrolmentColumns(of).map((c) => c.id);
    expect(ids(course)).toEqual(['studentNumber', 'section']);
    expect(ids(bare)).toEqual([]);
    expect(ids(undefined)).toEqual([]);
    expect(ids({ ...bare, hasStudentIds: true })).toEqual(['studentNumber']);
    expect(sectionName(course, 's-a')).toBe('A1');
    expect(sectionName(course, undefined)).toBeUndefined();
  });
});
