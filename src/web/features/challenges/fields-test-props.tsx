/**
 * For the unit tests of the challenge form: the props ChallengeFields takes from outside the
 * challenge's values (a renderer that shows the Markdown as it is, no images), so a test of
 * another part of the form need not set them up.
 */
import type { StatementViewProps } from '../../ui/statement-view.ts';
import type { ChallengeImages } from './use-challenge-images.ts';

function PlainStatement({ markdown }: StatementViewProps) {
  return <div data-testid="plain-statement">{markdown}</div>;
}

export const noImages: ChallengeImages = {
  images: [],
  saved: false,
  uploading: null,
  add: async () => {},
  remove: async () => {},
  loadImage: async () => undefined,
  uploadTo: async () => [],
  clear: () => {},
};

export const fieldsTestProps = { statementView: PlainStatement, images: noImages };
