import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Statement } from './statement.tsx';

describe('the statement', () => {
  it('shows the plain text while its renderer loads, then the rendered statement in its place', async () => {
    render(<Statement markdown={'Print **$a+b$**.'} />);
    expect(screen.getByTestId('statement-plain').textContent).toBe('Print **$a+b$**.');
    // A bound on a hung import, not a measure: the first import of KaTeX is transformed here.
    const rendered = await screen.findByTestId('statement-rendered', {}, { timeout: 20_000 });
    expect(rendered.querySelector('strong .katex annotation')?.textContent).toBe('a+b');
    expect(screen.queryByTestId('statement-plain')).toBeNull();
  });
});
