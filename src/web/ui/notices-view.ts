/**
 * The student's notices panel as the pages that show one see it (issue 32 item 5). The panel is
 * the `notices` feature; features never import each other, so a route hands it to the compiler
 * page and the exam screen as a component of this shape, and each page says how it calls the
 * server (its own credentials) and which problems a question may be about.
 */
import type { ComponentType } from 'react';
import type { NoticeCreated, QuestionRequest, StudentNotices } from '../../contract/notices.ts';
import type { NoticesCursor } from '../lib/notices-cursor.ts';
import type { StatementView } from './statement-view.ts';

export type NoticesViewProps = {
  /** Where this computer keeps the last list read: one per student and sitting. */
  cacheKey: string;
  load: (signal: AbortSignal) => Promise<StudentNotices>;
  ask: (question: QuestionRequest) => Promise<NoticeCreated>;
  /** The problems a question may name (for an exam: the student's drawn ones). */
  problems: readonly { challengeId: string; name: string }[];
  /** Filled by the page's timer long poll. */
  cursor: NoticesCursor;
  /** The Markdown renderer (features/statement). */
  markdownView: StatementView;
};

export type NoticesView = ComponentType<NoticesViewProps>;
