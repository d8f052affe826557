/**
 * The generated first administrator password, kept in DATA_DIR/first-admin-password (mode 0600,
 * only the server's user reads it) until that administrator first signs in, so an operator who
 * missed the terminal block can still read it (issue 15 item 2).
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export const FIRST_PASSWORD_FILE = 'first-admin-password';

export async function keepFirstPassword(
  dataDir: string,
  email: string,
  password: string,
  signIn: string,
): Promise<string> {
  const file = path.join(dataDir, FIRST_PASSWORD_FILE);
  await fs.mkdir(dataDir, { recursive: true });
  const text =
    `email: ${email}\npassword: ${password}\n` +
    `Sign in at ${signIn}; this file is removed at that administrator's first sign-in.\n`;
  // 0600 from creation (an existing file is replaced, never read by others in between).
  await fs.rm(file, { force: true });
  await fs.writeFile(file, text, { mode: 0o600, flag: 'wx' });
  return file;
}

/** After `email` signed in (or got a new password): the file has done its job. */
export async function forgetFirstPassword(dataDir: string, email: string): Promise<void> {
  const file = path.join(dataDir, FIRST_PASSWORD_FILE);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return; // none: the usual case
  }
  if (text.startsWith(`email: ${email}\n`)) await fs.rm(file, { force: true });
}
