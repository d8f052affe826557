/**
 * Loads the statement (the first load also starts the attempt on the server) and the clock offset.
 * A problem of an exam keeps its last statement on this computer (lib/problem-copies.ts): with no
 * answer from the network it opens from that copy, on the clock measured when the copy arrived.
 */
import { useCallback, useEffect, useState } from 'react';
import type { CompilerChallenge } from '../../../contract/compiler.ts';
import { ApiError } from '../../lib/api-client.ts';
import { loadProblemCopy, saveProblemCopy } from '../../lib/problem-copies.ts';
import { problemScope } from '../../lib/problem-scope.ts';
import { serverClock, type ServerClock } from '../../ui/server-clock.ts';
import { fetchCompilerChallenge, type CompilerCredentials } from './compiler-api.ts';

export type ChallengeState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; challenge: CompilerChallenge; clock: ServerClock };

/** The statement from the server, or (an exam's problem, offline) from this computer's copy. */
async function loadChallenge(
  credentials: CompilerCredentials,
  challengeId: string,
  owner: string,
): Promise<{ challenge: CompilerChallenge; clock: ServerClock }> {
  // Every problem keeps its copy, a challenge sat alone too (issue 34 item 4: its history and
  // feedback open offline once loaded, which needs the page itself to open).
  const scope = problemScope(challengeId, credentials.examCode);
  try {
    const challenge = await fetchCompilerChallenge(credentials, challengeId);
    const receivedAt = Date.now();
    void saveProblemCopy(owner, scope, challenge, receivedAt);
    return { challenge, clock: serverClock(challenge.serverNow, receivedAt) };
  } catch (error) {
    const copy =
      error instanceof ApiError && error.status === 0
        ? await loadProblemCopy(owner, scope)
        : undefined;
    if (!copy) throw error;
    return {
      challenge: copy.challenge,
      clock: serverClock(copy.challenge.serverNow, copy.receivedAt),
    };
  }
}

export function useCompilerChallenge(
  credentials: CompilerCredentials,
  challengeId: string,
  owner: string,
) {
  const [state, setState] = useState<ChallengeState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    loadChallenge(credentials, challengeId, owner).then(
      ({ challenge, clock }) => {
        if (live) setState({ status: 'ready', challenge, clock });
      },
      (error: unknown) => {
        if (live)
          setState({
            status: 'failed',
            message: error instanceof Error ? error.message : String(error),
          });
      },
    );
    return () => {
      live = false;
    };
  }, [credentials, challengeId, owner, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
