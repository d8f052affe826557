/**
 * sessionStorage / localStorage access that never throws: storage can be disabled or full, and a
 * failed copy must not stop a student from logging in.
 */
export type StorageArea = 'session' | 'local';

function area(which: StorageArea): Storage | undefined {
  try {
    return which === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return undefined;
  }
}

export function storageGet(which: StorageArea, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function storageSet(which: StorageArea, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Quota or privacy settings: the other copies remain.
  }
}

export function storageRemove(which: StorageArea, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/** A stored JSON value, or undefined when there is none or it does not parse. */
export function storageGetJson(which: StorageArea, key: string): unknown {
  const raw = storageGet(which, key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Every key of the area (none when it cannot be read). */
export function storageKeys(which: StorageArea): string[] {
  try {
    const store = area(which);
    if (!store) return [];
    const found: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key !== null) found.push(key);
    }
    return found;
  } catch {
    return [];
  }
}
