import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages.ts';

const api = vi.hoisted(() => ({ uploadRoster: vi.fn(), downloadTemplate: vi.fn() }));
const toast = vi.hoisted(() => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('./roster-api.ts', () => api);
vi.mock('../../ui/toast.ts', () => toast);

const { RosterUploadPanel } = await import('./roster-upload-panel.tsx');

const csv = (text: string, name = 'list.csv') => new File([text], name, { type: 'text/csv' });
const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText(messages.rosterFileLabel), { target: { files: [file] } });

describe('RosterUploadPanel', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it("says 'Please Select a file' when Upload is pressed without a file", () => {
    render(<RosterUploadPanel token="t" />);
    const input = screen.getByLabelText(messages.rosterFileLabel);
    expect(input.getAttribute('accept')).toBe('.xlsx,.xls,.csv');
    fireEvent.click(screen.getByRole('button', { name: messages.uploadFile }));
    expect(toast.showError).toHaveBeenCalledWith(messages.selectFile);
    expect(api.uploadRoster).not.toHaveBeenCalled();
  });

  it('previews a CSV: the row count and the rows that will be rejected', async () => {
    render(<RosterUploadPanel token="t" />);
    choose(csv('Name;Email\nAsha;asha@x.edu\n;bad\nBen;ASHA@x.edu\n'));
    await screen.findByText('Student rows in the file: 3');
    expect(screen.getByText('Rows that will be rejected: 2')).toBeTruthy();
    expect(screen.getByText('Same email as row 2')).toBeTruthy();
  });

  it('shows the server result and the success toast after an upload with progress', async () => {
    let report: (fraction: number) => void = () => undefined;
    let finish: (value: unknown) => void = () => undefined;
    api.uploadRoster.mockImplementation((_file: File, token: string, onProgress) => {
      expect(token).toBe('admin-token');
      report = onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    render(<RosterUploadPanel token="admin-token" />);
    choose(csv('Name,Email\nA,a@x.edu\n'));
    fireEvent.click(screen.getByRole('button', { name: messages.uploadFile }));
    const bar = await screen.findByRole('progressbar', { name: messages.uploadProgressLabel });
    report(0.5);
    await waitFor(() => expect(bar.getAttribute('value')).toBe('50'));
    finish({
      inserted: 1,
      updated: 2,
      rejected: 1,
      errors: [{ row: 3, message: 'Email is missing' }],
    });
    await screen.findByRole('heading', { name: messages.rosterResultTitle });
    expect(toast.showSuccess).toHaveBeenCalledWith(messages.userFileAdded);
    expect(screen.getByText('Email is missing')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("shows the server's message when the upload fails, and downloads the template", async () => {
    api.uploadRoster.mockRejectedValue(new Error(messages.rosterTooLarge));
    api.downloadTemplate.mockResolvedValue(undefined);
    render(<RosterUploadPanel token="t" />);
    choose(csv('Name,Email\nA,a@x.edu\n'));
    fireEvent.click(screen.getByRole('button', { name: messages.uploadFile }));
    await waitFor(() => expect(toast.showError).toHaveBeenCalledWith(messages.rosterTooLarge));
    fireEvent.click(screen.getByRole('button', { name: messages.downloadTemplate }));
    expect(api.downloadTemplate).toHaveBeenCalledWith('t', 'csv');
    // The same header row as a workbook, beside it.
    fireEvent.click(screen.getByRole('button', { name: messages.downloadTemplateXlsx }));
    expect(api.downloadTemplate).toHaveBeenLastCalledWith('t', 'xlsx');
  });
});
