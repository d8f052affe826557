/**
 * The statement's images as the renderer asks for them, by the name the Markdown writes: the
 * statement read lists each image's name and hash, and the image is fetched by its hash with the
 * compiler token. A name the challenge has no image of is answered at once, with no request.
 */
import type { CompilerChallenge } from '../../../contract/compiler.ts';
import type { LoadStatementImage } from '../../ui/statement-view.ts';
import { fetchStatementImage, type CompilerCredentials } from './compiler-api.ts';

export function statementImageLoader(
  credentials: CompilerCredentials,
  challenge: Pick<CompilerChallenge, 'challengeId' | 'images'>,
): LoadStatementImage {
  const byName = new Map((challenge.images ?? []).map((image) => [image.name, image.sha256]));
  return async (name, signal) => {
    const sha256 = byName.get(name);
    if (!sha256) return undefined;
    return fetchStatementImage(credentials, challenge.challengeId, sha256, signal);
  };
}
