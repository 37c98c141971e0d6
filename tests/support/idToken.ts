import type { Page } from 'playwright-core';

/** The signed-in user's ID token, read from where the Firebase SDK keeps it in this browser. */
export async function idTokenOf(page: Page): Promise<string> {
  // Runs in the page (a string: this project's Node typings have no DOM).
  const token = await page.evaluate<string | null>(`new Promise((resolve, reject) => {
    const open = indexedDB.open('firebaseLocalStorageDb');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result
        .transaction('firebaseLocalStorage', 'readonly')
        .objectStore('firebaseLocalStorage')
        .getAll();
      all.onerror = () => reject(all.error);
      all.onsuccess = () => {
        const entry = all.result.find((r) => String(r.fbase_key).startsWith('firebase:authUser:'));
        resolve(entry?.value?.stsTokenManager?.accessToken ?? null);
      };
    };
  })`);
  if (!token) throw new Error('No signed-in user in this browser.');
  return token;
}
