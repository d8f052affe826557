import { describe, expect, it } from 'vitest';
import { CAPTURE_BYTES, captureHead } from './captured-output.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('captureHead', () => {
  it('keeps a short output whole and unmarked', () => {
    expect(captureHead(bytes('42\n'))).toEqual({ text: '42\n', cut: false });
    expect(captureHead(Buffer.alloc(0))).toEqual({ text: '', cut: false });
  });

  it('keeps exactly 64 KiB unmarked, and marks one byte more as cut at 64 KiB', () => {
    const full = captureHead(bytes('x'.repeat(CAPTURE_BYTES)));
    expect(full.cut).toBe(false);
    expect(full.text.length).toBe(CAPTURE_BYTES);
    const over = captureHead(bytes('x'.repeat(CAPTURE_BYTES + 1)));
    expect(over).toEqual({ text: 'x'.repeat(CAPTURE_BYTES), cut: true });
  });

  it('never splits a character: a cut inside one drops it whole', () => {
    // 'é' is 2 bytes, '€' 3, '😀' 4: each placed to straddle the limit by one byte.
    for (const char of ['é', '€', '😀']) {
      const size = Buffer.byteLength(char);
      const text = `${'a'.repeat(CAPTURE_BYTES - size + 1)}${char}tail`;
      const head = captureHead(bytes(text));
      expect(head.cut).toBe(true);
      expect(head.text).toBe('a'.repeat(CAPTURE_BYTES - size + 1));
      expect(head.text).not.toContain('\uFFFD');
    }
  });

  it('marks a cut when the program wrote more than was collected', () => {
    expect(captureHead(bytes('abc'), 10)).toEqual({ text: 'abc', cut: true });
  });

  it('turns NUL, which PostgreSQL text cannot hold, into U+FFFD as invalid UTF-8 is', () => {
    expect(captureHead(bytes('a\u0000b'))).toEqual({ text: 'a\uFFFDb', cut: false });
  });
});
