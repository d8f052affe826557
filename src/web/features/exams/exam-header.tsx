/**
 * The bar above the exam screen (the student's and the preview's): which exam, its total so far,
 * the one countdown of the exam on the server's clock (ui/countdown.tsx, as the compiler page
 * shows a test's), and the screen's own action (Finish exam).
 */
import type { ReactNode } from 'react';
import { messages } from '../../../contract/messages.ts';
import { Countdown } from '../../ui/countdown.tsx';

type Props = {
  examCode: string;
  title: string;
  total: string;
  /** Null: no countdown (a finished exam). */
  remainingMs: number | null;
  action?: ReactNode;
};

export function ExamHeader({ examCode, title, total, remainingMs, action }: Props) {
  return (
    <header className="exam-bar">
      <div className="exam-bar__title">
        <p className="eyebrow">
          {messages.examEyebrow} ·{' '}
          <span className="mono" data-testid="exam-code">
            {examCode}
          </span>
        </p>
        <h1 className="exam-bar__name">{title}</h1>
      </div>
      <p className="exam-bar__total">
        {messages.examTotal}: <strong data-testid="exam-total">{total}</strong>
      </p>
      {remainingMs === null ? null : <Countdown remainingMs={remainingMs} />}
      {action}
    </header>
  );
}
