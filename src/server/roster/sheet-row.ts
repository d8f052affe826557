/** One row of an uploaded sheet: its number as the spreadsheet shows it, and its cells as text. */
export type SheetRow = { row: number; cells: string[] };
