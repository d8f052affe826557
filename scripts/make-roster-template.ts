/**
 * Writes public/Template.xlsx, the static copy of the roster template's .xlsx form that the
 * service worker precaches and hands to an admin offline (sw/routes.ts), as public/Template.csv
 * is for the spec's Template.csv: `npx tsx scripts/make-roster-template.ts`. The file is
 * committed; run this again after changing the header row or src/server/roster/template-xlsx.ts
 * (tests/api/roster-upload.test.ts checks the copy has the server's header row).
 */
import fs from 'node:fs';
import path from 'node:path';
import { makeRosterTemplateXlsx } from '../src/server/roster/template-xlsx.ts';

const target = path.resolve(import.meta.dirname, '../public/Template.xlsx');
const bytes = await makeRosterTemplateXlsx();
fs.writeFileSync(target, bytes);
console.log(`${path.relative(process.cwd(), target)}: ${bytes.length} bytes`);
