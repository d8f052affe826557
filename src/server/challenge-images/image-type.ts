/**
 * The type of an uploaded image, read from its first bytes (the formats' signatures), never from
 * its name or the browser's claim: it is the type the image is served with, so a file that is not
 * one of the four raster formats (an SVG, an HTML page named .png) is refused at upload.
 */
import type { ChallengeImageType } from '../../contract/challenge-images.ts';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function imageTypeOf(bytes: Uint8Array): ChallengeImageType | undefined {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  // RIFF, the chunk's size (4 bytes), then WEBP.
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}
