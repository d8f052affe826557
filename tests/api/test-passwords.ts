/** The passwords the API tests sign in with; log-secrets.ts makes sure no log line holds them. */
export const ADMIN_PASSWORD = 'Admin-pass-123';
export const STUDENT_PASSWORD = 'Student-pass-1';
