/**
 * `/compiler/$challengeId`: the built-in compiler page the test screen embeds. Its component (and
 * CodeMirror with it) is a lazy chunk, so the rest of the portal never downloads the editor. The
 * statement's renderer (features/statement) is a lazy chunk of its own, asked for as the page
 * opens so that it arrives with the statement rather than after it.
 */
import { useEffect, useState } from 'react';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { CompilerPage } from '../features/compiler/compiler-page.tsx';
import { takeCompilerCredentials } from '../features/compiler/compiler-credentials.ts';
import { loadStatementRenderer, Statement } from '../features/statement/statement.tsx';
import { StudentNoticesPanel } from '../features/notices/student-notices.tsx';
import { textParams } from '../lib/search-params.ts';

// The address's query as the test screen writes it; the token comes in the fragment (or, from an
// older address template, the query) and is read by the page itself (compiler-credentials.ts).
// `exam`: the page is one problem of an exam (issue 31), whose code goes with its calls.
type CompilerSearch = { appKey?: string; token?: string; exam?: string };

export const Route = createFileRoute('/compiler/$challengeId')({
  validateSearch: (search: CompilerSearch & SearchSchemaInput) =>
    textParams(search, ['appKey', 'token', 'exam']),
  component: CompilerRoute,
});

function CompilerRoute() {
  const { challengeId } = Route.useParams();
  const { exam } = Route.useSearch();
  const examCode = exam?.trim() || undefined;
  // Once per page: the first read clears the token from the address.
  const [{ appKey, token }] = useState(() => takeCompilerCredentials(challengeId, examCode));
  useEffect(() => {
    // A failure here is the renderer's to show (the plain statement); nothing to do about it now.
    loadStatementRenderer().catch(() => undefined);
  }, []);
  return (
    <CompilerPage
      challengeId={challengeId}
      appKey={appKey}
      token={token}
      examCode={examCode}
      statementView={Statement}
      noticesView={StudentNoticesPanel}
    />
  );
}
