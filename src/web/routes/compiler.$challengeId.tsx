/**
 * `/compiler/$challengeId`: the built-in compiler page the test screen embeds. Its component (and
 * CodeMirror with it) is a lazy chunk, so the rest of the portal never downloads the editor.
 */
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { CompilerPage } from '../features/compiler/compiler-page.tsx';
import { compilerSearchSchema } from '../features/compiler/compiler-search.ts';
import { textParams } from '../lib/search-params.ts';

// The address's parameters as the test screen writes them. Not derived from the schema: naming it
// outside the component keeps its module (and zod) in this file's part of the first download.
type CompilerSearch = { appKey?: string; token?: string };

export const Route = createFileRoute('/compiler/$challengeId')({
  // As in adminDash.tsx: the page's lazy chunk applies compilerSearchSchema, keeping zod out of
  // the first download of every other page.
  validateSearch: (search: CompilerSearch & SearchSchemaInput) =>
    textParams(search, ['appKey', 'token']),
  component: CompilerRoute,
});

function CompilerRoute() {
  const { challengeId } = Route.useParams();
  const { appKey, token } = compilerSearchSchema.parse(Route.useSearch());
  return <CompilerPage challengeId={challengeId} appKey={appKey} token={token} />;
}
