import { expect, test } from 'vitest';
import './zod-jitless.ts';
import { config } from 'zod/v4/core';
import { z } from 'zod';

test('zod reads the jitless setting made without importing it', () => {
  expect(config().jitless).toBe(true);
  expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
});
