/**
 * A challenge's re-judge as the Results view follows it: started here, then the judge status
 * polled every 2 s until none of the challenge's submissions is waiting or running. Nothing is
 * polled while no re-judge runs: the table's own polling shows students' ordinary submissions.
 *
 * The re-judge is remembered in sessionStorage per challenge, so a reload (or leaving Results
 * and coming back) picks its progress up again instead of forgetting it mid-way.
 */
import { useState } from 'react';
import type { JudgeStatus } from '../../../contract/judge-queue.ts';
import { fetchJudgeStatus } from '../../lib/judge-queue-api.ts';
import { storageGetJson, storageRemove, storageSet } from '../../lib/web-storage.ts';
import { usePolling } from '../../ui/use-polling.ts';

export const REJUDGE_POLL_MS = 2000;

/** A re-judge started from this tab: when, and how many submissions it queued. */
export type RejudgeRun = { startedAt: number; queued: number };

export type RejudgeProgress =
  | { state: 'idle' }
  | { state: 'running'; left: number; total: number }
  | { state: 'finished'; total: number };

const storageKey = (challengeId: string) => `rejudge:${challengeId}`;

function storedRun(challengeId: string): RejudgeRun | null {
  const value = storageGetJson('session', storageKey(challengeId));
  if (typeof value !== 'object' || value === null) return null;
  const { startedAt, queued } = value as Record<string, unknown>;
  return typeof startedAt === 'number' && typeof queued === 'number' ? { startedAt, queued } : null;
}

const pendingOf = (status: JudgeStatus) => status.challenge?.pending ?? 0;

export function useRejudgeProgress(
  token: string,
  challengeId: string,
  intervalMs = REJUDGE_POLL_MS,
): { progress: RejudgeProgress; started: (queued: number) => void } {
  // The view is keyed by challenge, so reading the stored run once is enough.
  const [run, setRun] = useState<RejudgeRun | null>(() => storedRun(challengeId));
  const status = usePolling({
    key: `${challengeId}@${run?.startedAt ?? 0}`,
    active: run !== null,
    intervalMs,
    load: (signal) => fetchJudgeStatus(token, challengeId, signal),
    keepGoing: (answer) => {
      const more = pendingOf(answer) > 0;
      if (!more) storageRemove('session', storageKey(challengeId));
      return more;
    },
  });

  function started(queued: number) {
    const next = { startedAt: Date.now(), queued };
    storageSet('session', storageKey(challengeId), JSON.stringify(next));
    setRun(next);
  }

  let progress: RejudgeProgress = { state: 'idle' };
  if (run) {
    if (status === null) progress = { state: 'running', left: run.queued, total: run.queued };
    else {
      const left = pendingOf(status);
      // Students may submit during the re-judge: the bar never runs backwards past its end.
      const total = Math.max(run.queued, left);
      progress = left > 0 ? { state: 'running', left, total } : { state: 'finished', total };
    }
  }
  return { progress, started };
}
