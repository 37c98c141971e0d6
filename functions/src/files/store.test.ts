import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalFileStore, storedFilePath, userFilesPrefix } from './store.ts';

const root = mkdtempSync(join(tmpdir(), 'bb-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('LocalFileStore', () => {
  const store = new LocalFileStore(root);

  it('stores, reads back and deletes a user folder', async () => {
    await store.put(storedFilePath('u1', 'f1'), Buffer.from('%PDF-1'), 'application/pdf');
    await store.put(storedFilePath('u2', 'f2'), Buffer.from('%PDF-2'), 'application/pdf');
    expect((await store.get(storedFilePath('u1', 'f1')))?.toString()).toBe('%PDF-1');
    expect(await store.get(storedFilePath('u1', 'missing'))).toBeNull();

    await store.deletePrefix(userFilesPrefix('u1'));
    expect(await store.get(storedFilePath('u1', 'f1'))).toBeNull();
    expect((await store.get(storedFilePath('u2', 'f2')))?.toString()).toBe('%PDF-2');
    expect(existsSync(join(root, 'users', 'u2', 'files', 'f2'))).toBe(true);
  });

  it('deletes one file, and a missing one without an error', async () => {
    await store.put(storedFilePath('u3', 'a'), Buffer.from('%PDF-a'), 'application/pdf');
    await store.put(storedFilePath('u3', 'b'), Buffer.from('%PDF-b'), 'application/pdf');
    await store.delete(storedFilePath('u3', 'a'));
    await store.delete(storedFilePath('u3', 'a'));
    expect(await store.get(storedFilePath('u3', 'a'))).toBeNull();
    expect((await store.get(storedFilePath('u3', 'b')))?.toString()).toBe('%PDF-b');
  });

  it('refuses paths that leave its folder', async () => {
    await expect(store.put('../outside', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /escapes its root/,
    );
  });
});
