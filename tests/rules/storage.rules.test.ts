import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { getBytes, ref, uploadBytes } from 'firebase/storage';
import { describe, it } from 'vitest';
import { officialEmulatorRuns, rulesEnvironment } from './rulesEnvironment.ts';

const fullMode = officialEmulatorRuns(
  'Storage',
  'This run uses lite mode, which keeps PDFs on local disk.',
);

describe.runIf(fullMode)('storage.rules', () => {
  const pdf = new TextEncoder().encode('%PDF-1.4 test');
  const rules = rulesEnvironment('storage', async (ctx) => {
    await uploadBytes(ref(ctx.storage(), 'users/alice/files/f1'), pdf);
  });

  it('lets the owner read their file, and no one else', async () => {
    await assertSucceeds(getBytes(ref(rules.as('alice').storage(), 'users/alice/files/f1')));
    await assertFails(getBytes(ref(rules.as('bob').storage(), 'users/alice/files/f1')));
    await assertFails(getBytes(ref(rules.anonymous().storage(), 'users/alice/files/f1')));
  });

  it('refuses every client upload, the owner included', async () => {
    await assertFails(uploadBytes(ref(rules.as('alice').storage(), 'users/alice/files/f2'), pdf));
    await assertFails(uploadBytes(ref(rules.as('bob').storage(), 'users/alice/files/f2'), pdf));
  });
});
