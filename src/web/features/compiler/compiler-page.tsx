/**
 * The built-in compiler page (its own lazy route, no portal chrome: it lives inside the test
 * screen's frame, or the exam screen's). The token and application key come from its address, and
 * so does the exam it is a problem of, if any.
 */
import { useMemo } from 'react';
import { messages } from '../../../contract/messages.ts';
import type { StatementView } from '../../ui/statement-view.ts';
import type { NoticesView } from '../../ui/notices-view.ts';
import { CompilerWorkspace } from './compiler-workspace.tsx';
import { tokenSubject } from './token-subject.ts';
import { useCompilerChallenge } from './use-compiler-challenge.ts';
import './compiler.css';

type Props = {
  challengeId: string;
  appKey: string;
  token: string;
  examCode?: string | undefined;
  /** The statement renderer (features/statement): routes compose features. */
  statementView: StatementView;
  /** The notices panel (features/notices): routes compose features. */
  noticesView?: NoticesView;
};

export function CompilerPage({
  challengeId,
  appKey,
  token,
  examCode,
  statementView,
  noticesView,
}: Props) {
  const credentials = useMemo(
    () => ({ token, appKey, ...(examCode ? { examCode } : {}) }),
    [token, appKey, examCode],
  );
  const owner = tokenSubject(token);
  const { state, retry } = useCompilerChallenge(credentials, challengeId, owner);
  return (
    <main id="main" className="compiler-page">
      {state.status === 'loading' ? (
        <p role="status" className="compiler-page__status">
          {messages.compilerLoading}
        </p>
      ) : state.status === 'failed' ? (
        <div className="card compiler-page__failed" role="alert">
          <p>{state.message}</p>
          <button type="button" className="button button--secondary" onClick={retry}>
            {messages.tryAgain}
          </button>
        </div>
      ) : (
        <CompilerWorkspace
          challenge={state.challenge}
          clock={state.clock}
          credentials={credentials}
          owner={owner}
          statementView={statementView}
          noticesView={noticesView}
        />
      )}
    </main>
  );
}
