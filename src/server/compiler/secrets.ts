/**
 * The compiler's two secrets. The application key (COMPILER_APP_KEY, else generated once into
 * DATA_DIR/compiler-app-key so every process of one installation agrees) goes into the compiler
 * page's address. Compiler tokens are signed with a key derived from the session secret, so a
 * compiler token (which travels in a URL, possibly to an external provider) is never accepted as a
 * session token, nor the other way round.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export async function resolveCompilerAppKey(
  configured: string | undefined,
  dataDir: string,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'compiler-app-key');
  try {
    const stored = (await fs.readFile(file, 'utf8')).trim();
    if (stored.length >= 16) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const key = crypto.randomBytes(24).toString('base64url');
  // 'wx' fails if another process created it meanwhile; then that one's key wins.
  try {
    await fs.writeFile(file, key + '\n', { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await fs.readFile(file, 'utf8')).trim();
  }
}

export function deriveCompilerTokenKey(sessionSecret: Uint8Array): Uint8Array {
  return new Uint8Array(
    crypto.createHmac('sha256', sessionSecret).update('campus-portal/compiler-token/v1').digest(),
  );
}

/** Compares two secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}
