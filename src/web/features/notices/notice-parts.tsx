/**
 * Pieces both the student's panel and the staff page show: a notice's heading line (what it is,
 * when) and its body through the statement's sanitising Markdown renderer.
 */
import type { ReactNode } from 'react';
import type { StatementView } from '../../ui/statement-view.ts';

export function timeOf(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? ''
    : at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

export function NoticeHead({ label, at, extra }: { label: string; at: string; extra?: ReactNode }) {
  return (
    <p className="notice__head">
      <span className="notice__label">{label}</span>
      {extra ? <span className="notice__extra">{extra}</span> : null}
      <time className="notice__time muted" dateTime={at}>
        {timeOf(at)}
      </time>
    </p>
  );
}

export function NoticeBody({ body, view: View }: { body: string; view: StatementView }) {
  return (
    <div className="notice__body">
      <View markdown={body} />
    </div>
  );
}
