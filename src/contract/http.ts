/** Limits shared by every HTTP call the web app makes (spec §9: a 10 second HTTP timeout). */
export const HTTP_TIMEOUT_MS = 10_000;
