/**
 * `/compiler/$challengeId`: the built-in compiler page the test screen embeds. Its component (and
 * CodeMirror with it) is a lazy chunk, so the rest of the portal never downloads the editor.
 */
import { createFileRoute } from '@tanstack/react-router';
import { CompilerPage } from '../features/compiler/compiler-page.tsx';
import { compilerSearchSchema } from '../features/compiler/compiler-search.ts';

export const Route = createFileRoute('/compiler/$challengeId')({
  validateSearch: compilerSearchSchema,
  component: CompilerRoute,
});

function CompilerRoute() {
  const { challengeId } = Route.useParams();
  const { appKey, token } = Route.useSearch();
  return <CompilerPage challengeId={challengeId} appKey={appKey} token={token} />;
}
