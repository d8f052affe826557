import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages.ts';
import type { TestDataRef } from '../../../contract/test-data.ts';
import { ApiError } from '../../lib/api-client.ts';
import { newTestCase, type TestCaseValues } from './challenge-form-values.ts';

const api = vi.hoisted(() => ({ uploadTestData: vi.fn(), downloadTestData: vi.fn() }));
vi.mock('./test-data-api.ts', () => api);

const { TestCasesEditor } = await import('./test-cases-editor.tsx');

let latest: TestCaseValues[] = [];

function Editor({ initial }: { initial: TestCaseValues[] }) {
  const [tests, setTests] = useState(initial);
  return (
    <TestCasesEditor
      token="admin-token"
      tests={tests}
      onChange={(next) => {
        latest = next;
        setTests(next);
      }}
    />
  );
}

const SHA = 'c'.repeat(64);
const numbers = () => new File(['1\n2\n3\n'], 'numbers.txt', { type: 'text/plain' });
const pick = (name: string) => screen.getByLabelText(`${messages.testDataFileLabel}: ${name}`);
const choose = (name: string, file: File) =>
  fireEvent.change(pick(name), { target: { files: [file] } });

/** An upload the test finishes (or fails) itself, with the progress callback it was given. */
function pendingUpload() {
  const call: {
    progress: (fraction: number) => void;
    finish: (ref: TestDataRef) => void;
    fail: (error: Error) => void;
  } = { progress: () => undefined, finish: () => undefined, fail: () => undefined };
  api.uploadTestData.mockImplementationOnce(
    (_file: File, _token: string, onProgress: (fraction: number) => void) => {
      call.progress = onProgress;
      return new Promise<TestDataRef>((resolve, reject) => {
        call.finish = resolve;
        call.fail = reject;
      });
    },
  );
  return call;
}

describe("the test cases editor's test files", () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('offers a file for the input and the output of hidden tests only', () => {
    render(<Editor initial={[newTestCase(false), newTestCase(true)]} />);
    expect(screen.queryByLabelText(`${messages.testDataFileLabel}: Test 1's input`)).toBeNull();
    expect(pick("Test 2's input").getAttribute('type')).toBe('file');
    expect(pick("Test 2's output").getAttribute('type')).toBe('file');
    // The text boxes keep their own names, each still found alone by its label.
    expect(screen.getAllByLabelText(messages.testExpectedOutput)).toHaveLength(2);
  });

  it('uploads a chosen file with progress, then shows its card in place of the text box', async () => {
    const user = userEvent.setup();
    const test = { ...newTestCase(true), input: 'typed' };
    render(<Editor initial={[test]} />);
    const upload = pendingUpload();
    choose("Test 1's input", numbers());
    expect(api.uploadTestData.mock.calls[0]?.[1]).toBe('admin-token');
    const bar = await screen.findByRole('progressbar', {
      name: messages.testDataUploading.replace('{name}', 'numbers.txt'),
    });
    upload.progress(0.4);
    await waitFor(() => expect(bar.getAttribute('value')).toBe('40'));

    upload.finish({ sha256: SHA, size: 3 * 1024 * 1024 });
    const card = await screen.findByRole('group', { name: messages.testInput });
    expect(card.textContent).toContain('numbers.txt, 3.0 MB');
    expect(screen.queryByRole('textbox', { name: messages.testInput })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(latest[0]).toMatchObject({
      input: '',
      inputFile: { sha256: SHA, size: 3 * 1024 * 1024, name: 'numbers.txt' },
    });
    // Focus was on the control the card replaced: it moves to the card.
    expect(document.activeElement?.getAttribute('aria-label')).toBe(
      `${messages.testDataDownload}: Test 1's input`,
    );

    await user.click(
      screen.getByRole('button', { name: `${messages.testDataDownload}: Test 1's input` }),
    );
    expect(api.downloadTestData).toHaveBeenCalledWith(SHA, 'numbers.txt', 'admin-token');

    await user.click(
      screen.getByRole('button', { name: `${messages.testDataRemove}: Test 1's input` }),
    );
    const box = screen.getByRole('textbox', { name: messages.testInput }) as HTMLTextAreaElement;
    expect(box.value).toBe('');
    expect(document.activeElement).toBe(box);
    expect(latest[0]?.inputFile).toBeUndefined();
  });

  it("shows the server's refusal beside the field and keeps the text box as it was", async () => {
    const test = { ...newTestCase(true), expectedOutput: '6' };
    render(<Editor initial={[test]} />);
    const upload = pendingUpload();
    choose("Test 1's output", numbers());
    upload.fail(new ApiError('A test file can be at most 64.0 MB', 413));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('A test file can be at most 64.0 MB');
    const box = screen.getByRole('textbox', { name: messages.testExpectedOutput });
    expect((box as HTMLTextAreaElement).value).toBe('6');
    expect(pick("Test 1's output").getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('keeps what the teacher typed elsewhere while a file was uploading', async () => {
    const user = userEvent.setup();
    render(<Editor initial={[newTestCase(true), newTestCase(true)]} />);
    const first = pendingUpload();
    const second = pendingUpload();
    choose("Test 1's input", numbers());
    choose("Test 2's output", numbers());
    await user.type(screen.getAllByLabelText(messages.testWeight)[1] as HTMLElement, '0');
    // Both end before React renders again: the second builds on the first.
    first.finish({ sha256: SHA, size: 6 });
    second.finish({ sha256: 'd'.repeat(64), size: 6 });
    await waitFor(() => expect(latest[1]?.expectedOutputFile?.sha256).toBe('d'.repeat(64)));
    expect(latest[0]?.inputFile?.sha256).toBe(SHA);
    expect(latest[1]?.weight).toBe('10');
  });

  it('names a stored file by its size after a reload, and refuses it in a sample', async () => {
    const user = userEvent.setup();
    const test: TestCaseValues = {
      ...newTestCase(true),
      inputFile: { sha256: SHA, size: 20 * 1024 * 1024 },
    };
    render(<Editor initial={[test]} />);
    const card = screen.getByRole('group', { name: messages.testInput });
    expect(card.textContent).toContain(`${messages.testDataStored}, 20.0 MB`);
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(
      screen.getByRole('button', { name: `${messages.testDataDownload}: Test 1's input` }),
    );
    expect(api.downloadTestData).toHaveBeenCalledWith(SHA, 'test-1-input.txt', 'admin-token');

    // Made a sample: the file stays, with the reason the server would give, and no new file.
    await user.click(screen.getByLabelText(messages.testHidden));
    expect(screen.getByRole('alert').textContent).toBe(messages.sampleFromFile);
    expect(screen.getByRole('group', { name: messages.testInput })).toBe(card);
    expect(screen.queryByLabelText(`${messages.testDataFileLabel}: Test 1's output`)).toBeNull();
    expect(latest[0]?.inputFile?.sha256).toBe(SHA);

    await user.click(screen.getByLabelText(messages.testHidden));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
