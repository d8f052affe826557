/**
 * The app's only door to IndexedDB (through idb-keyval). IndexedDB can be missing or refuse to
 * open (private windows, full disks); a backup copy must never break the app, so failures read as
 * "nothing stored" and writes fail silently.
 */
import { del, get, keys, set } from 'idb-keyval';

export async function idbGet(key: string): Promise<unknown> {
  try {
    return await get<unknown>(key);
  } catch {
    return undefined;
  }
}

export async function idbSet(key: string, value: unknown): Promise<void> {
  try {
    await set(key, value);
  } catch {
    // The web-storage copies still hold the value.
  }
}

export async function idbDelete(key: string): Promise<void> {
  try {
    await del(key);
  } catch {
    // Nothing to clean up if the database cannot be opened.
  }
}

/** Every key stored (idb-keyval's store), or none when the database cannot be opened. */
export async function idbKeys(): Promise<string[]> {
  try {
    return (await keys()).filter((key): key is string => typeof key === 'string');
  } catch {
    return [];
  }
}
