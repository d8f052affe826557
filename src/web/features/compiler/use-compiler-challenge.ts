/** Loads the statement (the first load also starts the attempt on the server) and the clock offset. */
import { useCallback, useEffect, useState } from 'react';
import type { CompilerChallenge } from '../../../contract/compiler.ts';
import { fetchCompilerChallenge, type CompilerCredentials } from './compiler-api.ts';
import { serverClock, type ServerClock } from './server-clock.ts';

export type ChallengeState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; challenge: CompilerChallenge; clock: ServerClock };

export function useCompilerChallenge(credentials: CompilerCredentials, challengeId: string) {
  const [state, setState] = useState<ChallengeState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    fetchCompilerChallenge(credentials, challengeId).then(
      (challenge) => {
        if (live) setState({ status: 'ready', challenge, clock: serverClock(challenge.serverNow) });
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
  }, [credentials, challengeId, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
