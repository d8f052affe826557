/** What a view shows while its call is loading, or after it failed (with a way to ask again). */
import type { ReactNode } from 'react';
import { messages } from '../../../contract/messages.ts';
import type { Answer } from '../../ui/use-answer.ts';

type Props<T> = {
  answer: Answer<T>;
  loadingText: string;
  retry: () => void;
  children: (value: T) => ReactNode;
};

export function AnswerState<T>({ answer, loadingText, retry, children }: Props<T>) {
  if (answer.status === 'loading')
    return (
      <p className="muted similarity__state" role="status" aria-live="polite">
        <span className="similarity__spinner" aria-hidden="true" /> {loadingText}
      </p>
    );
  if (answer.status === 'failed')
    return (
      <div className="similarity__state similarity__state--error" role="alert">
        <p>{answer.message}</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          {messages.similarityRetry}
        </button>
      </div>
    );
  return <>{children(answer.value)}</>;
}
