/**
 * An exam's instructions (Markdown), and in the preview a problem's statement, rendered by the
 * statement renderer the route hands down (features never import each other: ui/statement-view.ts).
 * It shows the plain text until its lazy chunk has loaded, so nothing is ever missing.
 */
import { messages } from '../../../contract/messages.ts';
import type { LoadStatementImage, StatementView } from '../../ui/statement-view.ts';

type Props = {
  markdown: string;
  view: StatementView;
  /** Names the region (the preview's problem); the exam's own instructions sit under a heading. */
  label?: string;
  loadImage?: LoadStatementImage;
};

export function ExamInstructions({ markdown, view: View, label, loadImage }: Props) {
  if (markdown.trim() === '') return <p className="muted">{messages.examNoInstructions}</p>;
  return (
    <section className="exam-instructions" data-testid="exam-instructions" aria-label={label}>
      <View markdown={markdown} {...(loadImage ? { loadImage } : {})} />
    </section>
  );
}
