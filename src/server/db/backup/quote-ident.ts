/** A name from the catalog as a SQL identifier (doubled quotes inside, as Postgres's quote_ident). */
export const quoteIdent = (name: string): string => `"${name.replace(/"/gu, '""')}"`;
