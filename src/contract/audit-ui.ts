/**
 * The words of the owner's Audit log view (issue 33). Kept apart from audit.ts, which the server
 * reads: these strings are the web app's only.
 */
export const auditUi = {
  menuAudit: 'Audit log',
  title: 'Audit log',
  intro:
    'Every change made by staff, and every staff sign-in and sign-out, newest first. Entries cannot be changed or deleted; passwords, tokens and test data are never kept.',
  filterActor: 'Who (e-mail contains)',
  filterAction: 'Action',
  anyAction: 'Any action',
  filterTarget: 'Target (contains)',
  filterCourse: 'Course',
  anyCourse: 'Any course',
  /** Under an entry's target: the course it belongs to. */
  inCourse: 'in {code}',
  filterSince: 'From',
  filterUntil: 'To',
  datesHint: 'Dates are whole days in the portal’s time zone.',
  exportCsv: 'Export CSV',
  exportHint: 'The file holds every entry that matches the filters, not only this page.',
  tableCaption: 'Audit log entries, newest first',
  colWhen: 'When',
  colWho: 'Who (address)',
  colAction: 'Action',
  colTarget: 'Target',
  colOutcome: 'Outcome',
  colChanges: 'Changes',
  empty: 'No entries match these filters.',
  outcomeDone: 'Done',
  outcomeRefused: 'Refused',
  /** Read out between a change's two values (the arrow is for the eye only). */
  changedTo: 'changed to',
  none: 'none',
  yes: 'yes',
  no: 'no',
  notKept: 'not recorded',
  testData: 'tests',
  bytes: '{n} bytes',
  characters: '{n} characters',
  newer: 'Newer entries',
  older: 'Older entries',
  shown: 'Entries {from}–{to}',
  pages: 'Audit log pages',
} as const;
