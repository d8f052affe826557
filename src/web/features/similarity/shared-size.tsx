/**
 * How much a pair shares beyond the starter code (issue 37): the size the score rests on, and
 * its longest unbroken run, in words a teacher reads at a glance.
 */
import { messages } from '../../../contract/messages.ts';
import type { SimilarityShared } from '../../../contract/similarity.ts';

export const sharedText = (shared: SimilarityShared): string =>
  messages.similarityShared
    .replace('{tokens}', String(shared.tokens))
    .replace('{lines}', String(shared.lines));

export const longestText = (shared: SimilarityShared): string =>
  messages.similarityLongest
    .replace('{lines}', String(shared.longestLines))
    .replace('{tokens}', String(shared.longestTokens));

export function SharedSize({ shared }: { shared: SimilarityShared }) {
  return (
    <span className="similarity__shared" data-testid="similarity-shared">
      <span className="similarity__shared-size">{sharedText(shared)}</span>
      <span className="muted similarity__shared-longest">{longestText(shared)}</span>
    </span>
  );
}
