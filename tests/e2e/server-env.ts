/** The environment of a portal server under the browser tests (playwright.config.ts and tests that start a second one). */
import { E2E_ADMIN } from './admin-credentials.ts';

export function e2eServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // Lets two checkouts' worth of work run side by side (each with its own build folder).
    STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
  };
}
