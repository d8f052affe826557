import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages.ts';
import type { StatementViewProps } from '../../ui/statement-view.ts';
import { ChallengeFields } from './challenge-fields.tsx';
import { emptyChallengeValues } from './challenge-form-values.ts';
import { imageFileProblem, useChallengeImages } from './use-challenge-images.ts';

const previews: StatementViewProps[] = [];
/** The renderer as the route hands it over; what the preview gives it is kept. */
function RecordingStatement(props: StatementViewProps) {
  useEffect(() => {
    previews.push(props);
  });
  return <p data-testid="previewed">{props.markdown}</p>;
}
const loadPreviewImage = (name: string) =>
  previews.at(-1)?.loadImage?.(name, new AbortController().signal);

/** The add form's fields: a new challenge, so chosen images wait in the browser. */
function AddFields() {
  const [values, setValues] = useState(emptyChallengeValues);
  const images = useChallengeImages('admin-token', undefined);
  return (
    <ChallengeFields
      values={values}
      onChange={setValues}
      token="admin-token"
      statementView={RecordingStatement}
      images={images}
    />
  );
}

const png = (name: string, bytes = 10) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe("the description's preview", () => {
  it('opens from the keyboard and shows the description as the renderer draws it', async () => {
    const user = userEvent.setup();
    render(<AddFields />);
    const preview = screen.getByTestId('description-preview');
    expect(preview.hidden).toBe(true);
    await user.type(screen.getByLabelText(messages.fieldChallengeDesc), 'Sum $a+b$');

    const toggle = screen.getByRole('button', { name: messages.descriptionPreviewShow });
    expect(toggle.getAttribute('aria-controls')).toBe(preview.id);
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(preview.hidden).toBe(false);
    expect(within(preview).getByTestId('previewed').textContent).toBe('Sum $a+b$');

    await user.keyboard(' ');
    expect(toggle.textContent).toBe(messages.descriptionPreviewShow);
    expect(preview.hidden).toBe(true);
  });

  it('shows images chosen for a challenge not created yet, from the browser', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<AddFields />);
    const graph = png('My graph.png');
    await user.upload(screen.getByLabelText(messages.imagesAdd), [
      graph,
      new File(['<svg/>'], 'evil.svg', { type: 'image/svg+xml' }),
    ]);
    const list = within(screen.getByTestId('challenge-images'));
    expect(
      list.getAllByRole('listitem').map((li) => li.querySelector('code')?.textContent),
    ).toEqual(['![](My-graph.png)']);

    await user.click(screen.getByRole('button', { name: messages.descriptionPreviewShow }));
    await user.type(screen.getByLabelText(messages.fieldChallengeDesc), 'x');
    expect(await loadPreviewImage('My-graph.png')).toBe(graph);
    expect(await loadPreviewImage('evil.svg')).toBeUndefined();

    await user.click(list.getByRole('button', { name: 'Remove My-graph.png' }));
    expect(list.queryAllByRole('listitem')).toEqual([]);
    expect(await loadPreviewImage('My-graph.png')).toBeUndefined();
  });

  it("checks an image file with the server's rules before sending it", () => {
    expect(imageFileProblem(png('a.png'), 'a.png', [])).toBeNull();
    expect(imageFileProblem(new File(['x'], 'a.svg', { type: 'image/svg+xml' }), 'a.svg', [])).toBe(
      messages.imageTypeRefused,
    );
    expect(imageFileProblem(png('big.png', 2 * 1024 * 1024 + 1), 'big.png', [])).toBe(
      messages.imageTooLarge.replace('{size}', '2.0 MB'),
    );
    expect(imageFileProblem(png('a.png'), '-.png', [])).toBe(messages.imageNameInvalid);
    const twenty = Array.from({ length: 20 }, (_, i) => `p${i}.png`);
    expect(imageFileProblem(png('a.png'), 'a.png', twenty)).toBe(
      messages.tooManyImages.replace('{count}', '20'),
    );
    expect(imageFileProblem(png('p3.png'), 'p3.png', twenty)).toBeNull();
  });
});
