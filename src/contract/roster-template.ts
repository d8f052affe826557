/**
 * The roster template's address, on its own and free of zod: the service worker caches this one
 * call (sw/routes.ts), and importing the rest of the roster contract would put zod in the worker.
 * Without a query it answers Template.csv, as the spec says; `?format=xlsx` answers Template.xlsx
 * with the same header row, for the menu item called "Excel upload".
 */
export const rosterTemplatePath = '/api/admin/downloadExcelTemplate';

export const ROSTER_TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;
export type RosterTemplateFormat = (typeof ROSTER_TEMPLATE_FORMATS)[number];

/** The file each format is saved as (spec §9: Template.csv), and its static copy in public/. */
export const rosterTemplateFileName = (format: RosterTemplateFormat) => `Template.${format}`;

export const rosterTemplateUrl = (format: RosterTemplateFormat) =>
  format === 'csv' ? rosterTemplatePath : `${rosterTemplatePath}?format=${format}`;
