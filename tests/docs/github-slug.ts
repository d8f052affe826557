/**
 * The anchors GitHub gives a Markdown file's headings, so the link check (links.test.ts) reads a
 * `#heading` link the way a reader's click on GitHub does. The rules are github-slugger's (the
 * package GitHub's own anchors are matched by; not installed here, so written again in a few
 * lines): lower case; every character dropped but letters, marks, decimal and letter numbers,
 * connector punctuation (`_`), alphabetic symbols, `-` and the space; each space turned into `-`
 * (runs of them are not merged). A heading whose slug an earlier heading of the file already took
 * gets `-1`, then `-2`, and so on.
 */

/** What a slug keeps of a heading's text; everything else (punctuation, symbols, emoji) goes. */
const KEPT = /[\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\p{Alphabetic} -]/u;

export function githubSlug(text: string): string {
  let slug = '';
  for (const char of text.toLowerCase()) {
    if (KEPT.test(char)) slug += char === ' ' ? '-' : char;
  }
  return slug;
}

/** The slugs of one file's headings in order, with GitHub's suffixes for repeated ones. */
export class Slugger {
  private readonly taken = new Map<string, number>();

  slug(text: string): string {
    const base = githubSlug(text);
    let slug = base;
    while (this.taken.has(slug)) {
      const next = (this.taken.get(base) ?? 0) + 1;
      this.taken.set(base, next);
      slug = `${base}-${next}`;
    }
    this.taken.set(slug, 0);
    return slug;
  }
}
