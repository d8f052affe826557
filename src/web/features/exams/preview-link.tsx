/**
 * "Preview as a student": the exam screen in a new tab, in preview mode (every challenge of a
 * pool listed, nothing recorded). A link, so the teacher may also open it where they like.
 */
import { Link } from '@tanstack/react-router';
import { messages } from '../../../contract/messages.ts';

export function PreviewLink({
  examCode,
  compact = false,
}: {
  examCode: string;
  compact?: boolean;
}) {
  return (
    <Link
      to="/exams/$examCode"
      params={{ examCode }}
      search={{ preview: '1' }}
      target="_blank"
      rel="noopener"
      className={compact ? 'link' : 'button button--secondary'}
      aria-label={messages.previewExamLabel.replace('{code}', examCode)}
    >
      {compact ? messages.previewExamShort : messages.previewExam}
    </Link>
  );
}
