import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages.ts';
import { OfflineNote } from './offline-note.tsx';

describe('the offline note under Run and Submit', () => {
  it('says nothing online, in a live region that stays in the page', () => {
    render(<OfflineNote online={true} waiting={0} />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says Run needs the network while nothing waits, and that a submission is kept once one does', () => {
    const { rerender } = render(<OfflineNote online={false} waiting={0} />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe(messages.runNeedsNetwork);
    rerender(<OfflineNote online={false} waiting={1} />);
    // The same region: a screen reader hears the change.
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe(messages.submissionQueued);
  });
});
