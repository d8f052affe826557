import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceField } from './choice-field.tsx';

type Who = 'started' | 'not-started' | 'all';
const ORDER: readonly Who[] = ['started', 'not-started', 'all'];
const LABELS: Record<Who, string> = {
  started: 'Started',
  'not-started': 'Not started',
  all: 'All',
};

function Filter({ onChange }: { onChange: (value: Who) => void }) {
  const [value, setValue] = useState<Who>('started');
  return (
    <ChoiceField
      label="Students"
      name="status"
      value={value}
      order={ORDER}
      labels={LABELS}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('a labelled choice select', () => {
  it('is found by its label, offers the values in order by their text, and reports the choice', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(value: Who) => void>();
    render(<Filter onChange={onChange} />);
    const select = screen.getByLabelText('Students');
    expect(select).toHaveProperty('value', 'started');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Started',
      'Not started',
      'All',
    ]);
    await user.selectOptions(select, 'Not started');
    expect(onChange).toHaveBeenLastCalledWith('not-started');
    expect(select).toHaveProperty('value', 'not-started');
  });
});
