import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_VERSION } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const versionOf = (dir: string) =>
  (JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { version: string })
    .version;

describe('the app version', () => {
  it('is the version of every package.json (APP_VERSION in domain/src/constants.ts)', () => {
    for (const dir of ['.', 'domain', 'functions', 'web']) {
      expect(versionOf(dir), `${dir}/package.json`).toBe(APP_VERSION);
    }
  });
});
