/**
 * The proctor view kept live: one long poll at a time (contract/proctor.ts), sending back the
 * version shown, so the server answers as soon as something moved (a submission within about a
 * second) and otherwise every PROCTOR_WAIT_SECONDS (presence: who went offline). A failed poll is
 * tried again a little later, and the page says it is reconnecting; a refusal that will not heal
 * (the sitting is gone, the account may not proctor) stops it.
 */
import { useEffect, useState } from 'react';
import { PROCTOR_WAIT_SECONDS, type ProctorView } from '../../../contract/proctor.ts';
import { ApiError } from '../../lib/api-client.ts';
import { serverClock, type ServerClock } from '../../ui/server-clock.ts';
import { fetchProctor, pathOf, type ProctorTarget } from './proctor-api.ts';

const RETRY_MS = 5_000;

export type LiveProctor = {
  view: ProctorView | null;
  /** The server's clock, from the last answer: time left counts down on it. */
  clock: ServerClock | null;
  /** When the last answer arrived (this computer's clock). */
  receivedAt: number | null;
  /** The last poll failed; the next one is on its way. */
  reconnecting: boolean;
  /** A refusal that retrying will not change. */
  error: string | null;
};

const EMPTY: LiveProctor = {
  view: null,
  clock: null,
  receivedAt: null,
  reconnecting: false,
  error: null,
};

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const id = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(id);
      resolve();
    });
  });
}

/** `examCode` set: the exam's view; else the challenge's. */
export function useLiveProctor(token: string, challengeId: string, examCode?: string): LiveProctor {
  const path = pathOf(examCode === undefined ? { challengeId } : { examCode });
  const [live, setLive] = useState<LiveProctor & { path: string }>({ ...EMPTY, path });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const at: ProctorTarget = examCode === undefined ? { challengeId } : { examCode };
    void (async () => {
      let known: string | undefined;
      while (!signal.aborted) {
        try {
          const view = await fetchProctor(token, at, known, PROCTOR_WAIT_SECONDS, signal);
          if (signal.aborted) return;
          known = view.version;
          const receivedAt = Date.now();
          setLive({
            view,
            clock: serverClock(view.generatedAt, receivedAt),
            receivedAt,
            reconnecting: false,
            error: null,
            path,
          });
        } catch (error) {
          if (signal.aborted) return;
          const final = error instanceof ApiError && [401, 403, 404].includes(error.status);
          const message = error instanceof Error ? error.message : String(error);
          setLive((current) => ({
            ...current,
            reconnecting: !final,
            error: final ? message : null,
          }));
          if (final) return;
          await pause(RETRY_MS, signal);
        }
      }
    })();
    return () => controller.abort();
  }, [token, challengeId, examCode, path]);

  // Another sitting's answer is never shown under this one while its first answer loads.
  return live.path === path ? live : EMPTY;
}
