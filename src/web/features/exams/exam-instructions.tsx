/**
 * An exam's instructions (Markdown), and in the preview a problem's statement. Shown as
 * preformatted plain text for now: the statement renderer (Markdown, math, images, sanitised;
 * issue 31 item 4) is being built in src/web/features/statement/ on another branch, and this is
 * the one component to swap for it. Plain text shows the teacher's words exactly and runs nothing.
 */
import { messages } from '../../../contract/messages.ts';

export function ExamInstructions({ markdown, label }: { markdown: string; label?: string }) {
  if (markdown.trim() === '') return <p className="muted">{messages.examNoInstructions}</p>;
  return (
    <pre className="exam-instructions" data-testid="exam-instructions" aria-label={label}>
      {markdown}
    </pre>
  );
}
