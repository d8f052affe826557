import { describe, expect, it } from 'vitest';
import { hashSittingPassword, verifySittingPassword } from './sitting-password.ts';

describe('sitting password hash', () => {
  it('is never the password, differs for each hashing and verifies only the right one', async () => {
    const one = await hashSittingPassword('blue-42');
    const two = await hashSittingPassword('blue-42');
    expect(one).not.toContain('blue-42');
    expect(one).toMatch(/^scrypt\$/u);
    expect(one).not.toBe(two);
    expect(await verifySittingPassword(one, 'blue-42')).toBe(true);
    expect(await verifySittingPassword(one, 'blue-43')).toBe(false);
    expect(await verifySittingPassword('garbage', 'blue-42')).toBe(false);
  });
});
