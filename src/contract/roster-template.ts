/**
 * The roster template's address, on its own and free of zod: the service worker caches this one
 * call (sw/routes.ts), and importing the rest of the roster contract would put zod in the worker.
 */
export const rosterTemplatePath = '/api/admin/downloadExcelTemplate';
