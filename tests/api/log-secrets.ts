/**
 * What must never appear in a server's log (issue 15 item 8). Every API test server logs at debug
 * level into a file, searched when the server closes (harness.ts): a secret logged by any call of
 * any test fails that test file.
 */
import { ADMIN_PASSWORD, STUDENT_PASSWORD } from './test-passwords.ts';

const SECRETS: { what: string; pattern: RegExp }[] = [
  { what: 'an argon2 password hash', pattern: /\$argon2(?:id|i|d)\$/ },
  { what: 'a session or compiler token', pattern: /eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{10,}/ },
  // 32 random bytes in base64url: a reset or claim link's token.
  { what: 'a mailed link token', pattern: /(?<![\w-])[\w-]{43}(?![\w-])/ },
  { what: 'a password', pattern: new RegExp(`${ADMIN_PASSWORD}|${STUDENT_PASSWORD}`) },
];

/**
 * Secrets a test came to hold that have no pattern of their own (a one-time password looks like
 * any two words joined by a hyphen): every server this test file closes afterwards must not have
 * logged them.
 */
const noted = new Set<string>();

export function noteSecret(what: string): void {
  noted.add(what);
}

/** One description per offending line: what it holds and the line's start. */
export function secretsIn(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    for (const { what, pattern } of SECRETS) {
      if (pattern.test(line)) found.push(`${what} in: ${line.slice(0, 300)}`);
    }
    for (const secret of noted) {
      if (line.includes(secret)) found.push(`a noted secret in: ${line.slice(0, 300)}`);
    }
  }
  return found;
}
