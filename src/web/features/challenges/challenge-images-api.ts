/** The statement image calls of the challenge form (contract/challenge-images.ts). */
import {
  CHALLENGE_IMAGE_FILE_FIELD,
  CHALLENGE_IMAGE_NAME_FIELD,
  challengeImageSchema,
  challengeImagesResponseSchema,
  challengeImagesUrl,
  challengeImageUrl,
  type ChallengeImage,
} from '../../../contract/challenge-images.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { fetchBlob } from '../../lib/fetch-blob.ts';
import { uploadFile } from '../../lib/upload.ts';

export async function listChallengeImages(
  token: string,
  challengeId: string,
  signal?: AbortSignal,
): Promise<ChallengeImage[]> {
  const { images } = await apiRequest(challengeImagesUrl(challengeId), {
    token,
    schema: challengeImagesResponseSchema,
    signal,
  });
  return images;
}

/** Stores `file` as the challenge's image `name` (the same name again replaces it). */
export function uploadChallengeImage(
  token: string,
  challengeId: string,
  file: File,
  name: string,
): Promise<ChallengeImage> {
  return uploadFile(challengeImagesUrl(challengeId), {
    file,
    field: CHALLENGE_IMAGE_FILE_FIELD,
    fields: { [CHALLENGE_IMAGE_NAME_FIELD]: name },
    token,
    schema: challengeImageSchema,
  });
}

/** Removes an image; answers the images left. */
export async function deleteChallengeImage(
  token: string,
  challengeId: string,
  name: string,
): Promise<ChallengeImage[]> {
  const { images } = await apiRequest(challengeImageUrl(challengeId, name), {
    method: 'DELETE',
    token,
    schema: challengeImagesResponseSchema,
  });
  return images;
}

/** An image's bytes, for the preview. */
export function fetchChallengeImage(
  token: string,
  challengeId: string,
  name: string,
  signal: AbortSignal,
): Promise<Blob> {
  return fetchBlob(challengeImageUrl(challengeId, name), { token, signal });
}
