import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './image-type.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );

describe('the type of an uploaded image', () => {
  it('is read from the signatures of PNG, JPEG, GIF and WebP', () => {
    expect(imageTypeOf(bytes([0x89], 'PNG\r\n\x1a\n', 'rest'))).toBe('image/png');
    expect(imageTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageTypeOf(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(imageTypeOf(bytes('GIF87a'))).toBe('image/gif');
    expect(imageTypeOf(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses SVG, HTML, another RIFF file and what is too short to tell', () => {
    expect(imageTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'))).toBe(
      undefined,
    );
    expect(imageTypeOf(bytes('<!doctype html><img src=x onerror=alert(1)>'))).toBe(undefined);
    expect(imageTypeOf(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBe(undefined);
    expect(imageTypeOf(bytes([0x89, 0x50]))).toBe(undefined);
    expect(imageTypeOf(new Uint8Array())).toBe(undefined);
  });
});
