import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/**
 * References to documents and trackers a clone of the repository does not have: the product
 * spec's and design notes' section numbers, and numbered issues. Comments and test names stand
 * on their own or name a page under docs/. (Written in pieces so this file does not match.)
 */
const OUTSIDE = new RegExp(['SPEC' + ' §', 'DESIGN' + ' §', '\\b[Ii]ssue' + ' #?\\d+'].join('|'));

/** Tracked files outside docs/ that are not Markdown, read as text (binary files left out). */
function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && !f.startsWith('docs/') && !f.endsWith('.md'));
}

describe('the source stands on its own', () => {
  it('cites no outside spec section, design section or issue number', () => {
    const found: string[] = [];
    for (const file of sourceFiles()) {
      let text: string;
      try {
        text = readFileSync(join(ROOT, file), 'utf8');
      } catch {
        continue; // listed but absent (a deleted, uncommitted file)
      }
      if (text.includes('\0')) continue;
      text.split('\n').forEach((line, i) => {
        if (OUTSIDE.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found, 'name a docs/ page instead, or say the rule itself').toEqual([]);
  });

  it('recognises each kind of outside reference', () => {
    const samples = [
      '// SPEC' + ' §4 rule',
      '/* DESIGN' + ' §2 */',
      "it('issue" + " 7 caps')",
      'Issue' + ' #12',
    ];
    for (const line of samples) {
      expect(OUTSIDE.test(line), line).toBe(true);
    }
    expect(OUTSIDE.test('result.issues[0]?.message')).toBe(false);
  });
});
