/** The administrator the e2e server seeds on its first start (playwright.config.ts passes it). */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'E2e-admin-pass-1' };
