/**
 * The images of the challenge in the form (issue 31 item 4). Editing a saved challenge, they are
 * the server's: added and removed at once. Adding a new one, the challenge does not exist yet, so
 * the chosen files stay in the browser (the preview shows them from there) and are uploaded once
 * the challenge is created. Either way the preview asks for an image by its name through
 * `loadImage`, and a file is checked here first with the server's own rules and messages.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  CHALLENGE_IMAGE_MAX_BYTES,
  CHALLENGE_IMAGE_MAX_COUNT,
  CHALLENGE_IMAGE_NAME_PATTERN,
  CHALLENGE_IMAGE_TYPES,
  imageNameFromFileName,
} from '../../../contract/challenge-images.ts';
import { messages } from '../../../contract/messages.ts';
import { formatBytes } from '../../../contract/test-data.ts';
import type { LoadStatementImage } from '../../ui/statement-view.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { showError } from '../../ui/toast.ts';
import {
  deleteChallengeImage,
  fetchChallengeImage,
  listChallengeImages,
  uploadChallengeImage,
} from './challenge-images-api.ts';

/** An image of the form: stored (saved challenge) or a file waiting for the challenge. */
export type ImageRow = { name: string; size: number; file?: File };

export type ChallengeImages = {
  images: ImageRow[];
  /** True when the images are the server's (a saved challenge), false while they wait. */
  saved: boolean;
  /** The file being uploaded, for the status line. */
  uploading: string | null;
  add: (files: File[]) => Promise<void>;
  remove: (name: string) => Promise<void>;
  loadImage: LoadStatementImage;
  /** After the challenge is created: uploads the waiting files; answers those that failed. */
  uploadTo: (challengeId: string) => Promise<{ name: string; reason: string }[]>;
  clear: () => void;
};

const acceptedType = (file: File) =>
  (CHALLENGE_IMAGE_TYPES as readonly string[]).includes(file.type) ||
  // Some systems give no type: the server reads the bytes anyway.
  (file.type === '' && /\.(?:png|jpe?g|gif|webp)$/iu.test(file.name));

/** The server's refusal for this file, said before sending it; null when it may go. */
export function imageFileProblem(file: File, name: string, names: string[]): string | null {
  if (!acceptedType(file)) return messages.imageTypeRefused;
  if (file.size > CHALLENGE_IMAGE_MAX_BYTES)
    return messages.imageTooLarge.replace('{size}', formatBytes(CHALLENGE_IMAGE_MAX_BYTES));
  if (!CHALLENGE_IMAGE_NAME_PATTERN.test(name)) return messages.imageNameInvalid;
  if (!names.includes(name) && names.length >= CHALLENGE_IMAGE_MAX_COUNT)
    return messages.tooManyImages.replace('{count}', String(CHALLENGE_IMAGE_MAX_COUNT));
  return null;
}

const withRow = (rows: ImageRow[], row: ImageRow) =>
  [...rows.filter((r) => r.name !== row.name), row].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );

const reasonOf = (error: unknown) =>
  error instanceof Error && error.message !== '' ? error.message : messages.networkError;

export function useChallengeImages(
  token: string,
  /** The saved challenge's id; undefined in the add form. */
  savedChallengeId: string | undefined,
): ChallengeImages {
  const [images, setImages] = useState<ImageRow[]>([]);
  const [uploading, setUploading] = useState<string | null>(null);

  useEffect(() => {
    if (savedChallengeId === undefined) return;
    const controller = new AbortController();
    listChallengeImages(token, savedChallengeId, controller.signal).then(
      (stored) => setImages(stored.map(({ name, size }) => ({ name, size }))),
      (error: unknown) => {
        if (!controller.signal.aborted) showFailure(error);
      },
    );
    return () => {
      controller.abort();
      setImages([]);
    };
  }, [token, savedChallengeId]);

  const add = useCallback(
    async (files: File[]) => {
      let names = images.map((i) => i.name);
      for (const file of files) {
        const name = imageNameFromFileName(file.name);
        const problem = imageFileProblem(file, name, names);
        if (problem) {
          showError(`${file.name}: ${problem}`);
          continue;
        }
        if (savedChallengeId === undefined) {
          setImages((rows) => withRow(rows, { name, size: file.size, file }));
        } else {
          setUploading(name);
          try {
            const stored = await uploadChallengeImage(token, savedChallengeId, file, name);
            setImages((rows) => withRow(rows, { name: stored.name, size: stored.size }));
          } catch (error) {
            showFailure(error);
            continue;
          } finally {
            setUploading(null);
          }
        }
        names = [...new Set([...names, name])];
      }
    },
    [images, savedChallengeId, token],
  );

  const remove = useCallback(
    async (name: string) => {
      if (savedChallengeId === undefined) {
        setImages((rows) => rows.filter((r) => r.name !== name));
        return;
      }
      try {
        const left = await deleteChallengeImage(token, savedChallengeId, name);
        setImages(left.map((i) => ({ name: i.name, size: i.size })));
      } catch (error) {
        showFailure(error);
      }
    },
    [savedChallengeId, token],
  );

  // A new loader whenever the images change, so the preview shows what is there now.
  const loadImage = useMemo<LoadStatementImage>(() => {
    const byName = new Map(images.map((row) => [row.name, row]));
    return async (name, signal) => {
      const row = byName.get(name);
      if (!row) return undefined;
      if (row.file) return row.file;
      if (savedChallengeId === undefined) return undefined;
      return fetchChallengeImage(token, savedChallengeId, name, signal);
    };
  }, [images, savedChallengeId, token]);

  const uploadTo = useCallback(
    async (challengeId: string) => {
      const failed: { name: string; reason: string }[] = [];
      for (const row of images) {
        if (!row.file) continue;
        setUploading(row.name);
        try {
          await uploadChallengeImage(token, challengeId, row.file, row.name);
        } catch (error) {
          failed.push({ name: row.name, reason: reasonOf(error) });
        }
      }
      setUploading(null);
      return failed;
    },
    [images, token],
  );

  const clear = useCallback(() => setImages([]), []);

  return {
    images,
    saved: savedChallengeId !== undefined,
    uploading,
    add,
    remove,
    loadImage,
    uploadTo,
    clear,
  };
}
