import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sittingMessages as text, type SittingState } from '../../contract/sittings.ts';
import { ApiError } from '../lib/api-client.ts';

const api = vi.hoisted(() => ({ changeLifecycle: vi.fn() }));
const toast = vi.hoisted(() => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('./toast.ts', () => toast);

const { LifecycleActions, lifecycleStatus } = await import('./lifecycle-actions.tsx');

const draft: SittingState = { lifecycle: 'draft', stoppedAt: null };
const published: SittingState = { lifecycle: 'published', stoppedAt: null };
const stopped: SittingState = { lifecycle: 'published', stoppedAt: '2030-06-10T09:20:00.000Z' };

beforeEach(() => {
  vi.clearAllMocks();
});

describe('lifecycleStatus', () => {
  it('names each state', () => {
    expect(lifecycleStatus(draft).label).toBe(text.statusDraft);
    expect(lifecycleStatus(published).label).toBe(text.statusPublished);
    expect(lifecycleStatus(stopped).label).toBe(text.statusStopped);
  });
});

describe('LifecycleActions', () => {
  it('publishes a draft and hands the new state up', async () => {
    api.changeLifecycle.mockResolvedValue(published);
    const onChange = vi.fn();
    render(
      <LifecycleActions
        name="APLUSB"
        change={api.changeLifecycle}
        state={draft}
        onChange={onChange}
      />,
    );
    expect(screen.queryByRole('button', { name: `${text.stop} APLUSB` })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `${text.publish} APLUSB` }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(published));
    expect(api.changeLifecycle).toHaveBeenCalledWith('publish');
    expect(toast.showSuccess).toHaveBeenCalledWith(
      text.published.replace('{challengeId}', 'APLUSB'),
    );
  });

  it('stops only after the confirmation, and Cancel sends nothing', async () => {
    api.changeLifecycle.mockResolvedValue(stopped);
    const onChange = vi.fn();
    render(
      <LifecycleActions
        name="SUM-1"
        change={api.changeLifecycle}
        state={published}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: `${text.stop} SUM-1` }));
    let dialog = await screen.findByRole('alertdialog', {
      name: text.stopTitle.replace('{challengeId}', 'SUM-1'),
    });
    expect(dialog.textContent).toContain(text.stopBody);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.changeLifecycle).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: `${text.stop} SUM-1` }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: text.stop }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(stopped));
    expect(api.changeLifecycle).toHaveBeenCalledWith('stop');
  });

  it('offers Reopen for a stopped one, and shows the server’s refusal', async () => {
    api.changeLifecycle.mockRejectedValue(new ApiError(text.startedCannotUnpublish, 409));
    const onChange = vi.fn();
    const { rerender } = render(
      <LifecycleActions
        name="SUM-1"
        change={api.changeLifecycle}
        state={stopped}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('button', { name: `${text.reopen} SUM-1` })).toBeTruthy();
    rerender(
      <LifecycleActions
        name="SUM-1"
        change={api.changeLifecycle}
        state={published}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: `${text.unpublish} SUM-1` }));
    await waitFor(() => expect(toast.showError).toHaveBeenCalledWith(text.startedCannotUnpublish));
    expect(onChange).not.toHaveBeenCalled();
  });
});
