/**
 * A new administrator password as a plain block on the terminal (issue 15 item 2): written
 * straight to the output, not through the JSON log, so it shows whatever LOG_LEVEL is (error,
 * silent) and is never shipped with the log lines to a log store.
 */
export function passwordBlock(title: string, email: string, password: string, signIn: string) {
  const rule = '='.repeat(72);
  return [
    '',
    rule,
    `  ${title}`,
    '',
    `    email:     ${email}`,
    `    password:  ${password}`,
    '',
    `  Sign in at ${signIn} and keep the password safe.`,
    rule,
    '',
    '',
  ].join('\n');
}

export function printPasswordBlock(...args: Parameters<typeof passwordBlock>): void {
  process.stdout.write(passwordBlock(...args));
}
