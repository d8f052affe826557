/**
 * Whether a paste into the editor came from the editor itself (issue 17): the page remembers the
 * last few texts copied or cut in the editor, and a paste of one of them is the student's own
 * editing, never blocked nor recorded. Anything else came from outside: blocked when the teacher
 * disabled paste, recorded when the challenge records signals.
 */
const REMEMBERED = 20;

/** Line ends differ between the clipboard and the editor on some systems. */
const normalise = (text: string) => text.replace(/\r\n?/g, '\n');

export type CopyMemory = { remember: (text: string) => void; isOwn: (text: string) => boolean };

export function createCopyMemory(): CopyMemory {
  const texts: string[] = [];
  return {
    remember(text) {
      const t = normalise(text);
      if (t === '') return;
      const at = texts.indexOf(t);
      if (at >= 0) texts.splice(at, 1);
      texts.push(t);
      if (texts.length > REMEMBERED) texts.shift();
    },
    isOwn: (text) => texts.includes(normalise(text)),
  };
}

export type PasteDecision = { kind: 'own' } | { kind: 'outside'; blocked: boolean; chars: number };

export function decidePaste(
  text: string,
  memory: CopyMemory,
  disablePaste: boolean,
): PasteDecision {
  if (text === '' || memory.isOwn(text)) return { kind: 'own' };
  // Characters as the student sees them (code points), not UTF-16 units.
  return { kind: 'outside', blocked: disablePaste, chars: [...normalise(text)].length };
}
