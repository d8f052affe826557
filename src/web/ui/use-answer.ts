/**
 * One call's answer as the view shows it: loading, the answer, or the failure's message (also
 * shown as the error toast every failed call gets, spec §8). `retry` asks again. A newer request
 * (in the similarity report: another challenge, threshold or pair) cancels the one before, so an old answer never lands.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { messages } from '../../contract/messages.ts';
import { showFailure } from './show-failure.ts';

export type Answer<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; message: string };

export function useAnswer<T>(load: (signal: AbortSignal) => Promise<T>): {
  answer: Answer<T>;
  retry: () => void;
} {
  const [attempt, setAttempt] = useState(0);
  // The request an answer belongs to: until the current one has its answer, it is loading.
  const request = useMemo(() => ({ load, attempt }), [load, attempt]);
  const [settled, setSettled] = useState<{ request: object; answer: Answer<T> } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    request.load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setSettled({ request, answer: { status: 'ready', value } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        showFailure(error);
        const message =
          error instanceof Error && error.message !== '' ? error.message : messages.networkError;
        setSettled({ request, answer: { status: 'failed', message } });
      },
    );
    return () => controller.abort();
  }, [request]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const answer: Answer<T> = settled?.request === request ? settled.answer : { status: 'loading' };
  return { answer, retry };
}
