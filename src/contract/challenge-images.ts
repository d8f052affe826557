/**
 * Images of a challenge's statement (issue 31 item 4). A teacher uploads them with the challenge
 * and writes `![a graph](graph.png)` in the description; the statement shows the image of that
 * name. The bytes are stored like big test data (by SHA-256, test-data.ts), and a challenge names
 * each of its images once.
 *
 * Only raster formats: an SVG can carry script, and a statement is read inside the test, so it is
 * refused rather than sanitised. The type is read from the file's first bytes, never from its
 * name or the browser's claim, and is the type the image is served with.
 */
import { z } from 'zod';
import { challengeIdSchema } from './challenges.ts';
import { messages } from './messages.ts';
import { sha256Schema } from './test-data.ts';

/** One image: 2 MB is a detailed screenshot as PNG; a statement is read on lab machines. */
export const CHALLENGE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Images per challenge: a statement with more is a slide deck. */
export const CHALLENGE_IMAGE_MAX_COUNT = 20;

export const CHALLENGE_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const;
export type ChallengeImageType = (typeof CHALLENGE_IMAGE_TYPES)[number];
/** What the file picker offers (the server checks the bytes whatever it is given). */
export const CHALLENGE_IMAGE_ACCEPT = CHALLENGE_IMAGE_TYPES.join(',');

/**
 * A name as the Markdown writes it: letters, digits, `.`, `-` and `_` (nothing a URL must escape,
 * so `![](name.png)` works as typed), starting with a letter or digit, with an image's extension.
 */
export const CHALLENGE_IMAGE_NAME_PATTERN =
  /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}\.(?:png|jpe?g|gif|webp)$/iu;

export const challengeImageNameSchema = z
  .string({ error: messages.imageNameInvalid })
  .regex(CHALLENGE_IMAGE_NAME_PATTERN, { error: messages.imageNameInvalid });

/**
 * The name an uploaded file gets when none is given: its own, with every run of other characters
 * (spaces, accents) turned into one `-` ("My graph (1).PNG" is "My-graph-1-.PNG").
 */
export function imageNameFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/u).pop() ?? '';
  return base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '')
    .replace(/[^A-Za-z0-9._-]+/gu, '-')
    .replace(/^[._-]+/u, '');
}

export const challengeImageSchema = z.object({
  name: z.string(),
  sha256: z.string(),
  mediaType: z.enum(CHALLENGE_IMAGE_TYPES),
  /** In bytes. */
  size: z.number().int(),
});
export type ChallengeImage = z.infer<typeof challengeImageSchema>;

/** The list, by name; also the answer of a delete (what is left). */
export const challengeImagesResponseSchema = z.object({ images: z.array(challengeImageSchema) });
export type ChallengeImagesResponse = z.infer<typeof challengeImagesResponseSchema>;

/** What the compiler page's statement read carries: enough to ask for each image by its hash. */
export const statementImageSchema = challengeImageSchema.pick({
  name: true,
  sha256: true,
  mediaType: true,
});
export type StatementImage = z.infer<typeof statementImageSchema>;

/**
 * Administrators: GET the list; POST one image (multipart: optional text field `name` first,
 * then the file in `file`), answered with the stored image; the same name again replaces it.
 */
export const challengeImagesPath = '/api/admin/challenges/:challengeId/images';
/** Administrators: GET one image's bytes (revalidated by its hash), DELETE it. */
export const challengeImagePath = '/api/admin/challenges/:challengeId/images/:name';
/**
 * The compiler page (compiler token and application key): an image of a challenge the student
 * has opened, by its hash, so the address never changes meaning and caches may keep it for good.
 */
export const statementImagePath = '/api/compiler/challenge/:challengeId/images/:sha256';

/** A statement image call's path (the service worker keeps their answers: sw/routes.ts). */
export const STATEMENT_IMAGE_PATH_PATTERN =
  /^\/api\/compiler\/challenge\/[^/]+\/images\/[0-9a-f]{64}$/u;

export const CHALLENGE_IMAGE_FILE_FIELD = 'file';
export const CHALLENGE_IMAGE_NAME_FIELD = 'name';

export const challengeImagesParamsSchema = z.object({ challengeId: challengeIdSchema });
export const challengeImageParamsSchema = z.object({
  challengeId: challengeIdSchema,
  name: challengeImageNameSchema,
});
export const statementImageParamsSchema = z.object({
  challengeId: challengeIdSchema,
  sha256: sha256Schema,
});

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/:([A-Za-z0-9]+)/gu, (_, key: string) => encodeURIComponent(values[key] ?? ''));

export const challengeImagesUrl = (challengeId: string) =>
  fill(challengeImagesPath, { challengeId });
export const challengeImageUrl = (challengeId: string, name: string) =>
  fill(challengeImagePath, { challengeId, name });
export const statementImageUrl = (challengeId: string, sha256: string) =>
  fill(statementImagePath, { challengeId, sha256 });
