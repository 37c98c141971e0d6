import { describe, expect, it } from 'vitest';
import { chooseMode, parseJavaMajor } from './mode.ts';

describe('chooseMode', () => {
  it('chooses lite without Java 21 and says why', () => {
    const choice = chooseMode({ javaMajor: 17, jarsCached: true });
    expect(choice.mode).toBe('lite');
    expect(choice.reason).toContain('Java 17');
    expect(chooseMode({ javaMajor: null, jarsCached: false }).mode).toBe('lite');
  });

  it('chooses lite with Java 21 but no emulator JARs', () => {
    expect(chooseMode({ javaMajor: 21, jarsCached: false })).toMatchObject({ mode: 'lite' });
  });

  it('chooses full with Java 21 and the JARs', () => {
    expect(chooseMode({ javaMajor: 21, jarsCached: true }).mode).toBe('full');
    expect(chooseMode({ javaMajor: 25, jarsCached: true }).mode).toBe('full');
  });

  it('honours BRAINBOARD_MODE', () => {
    expect(chooseMode({ forced: 'lite', javaMajor: 21, jarsCached: true }).mode).toBe('lite');
    expect(chooseMode({ forced: 'full', javaMajor: 17, jarsCached: false }).mode).toBe('full');
  });
});

describe('parseJavaMajor', () => {
  it('reads modern and legacy version strings', () => {
    expect(parseJavaMajor('openjdk version "17.0.15" 2025-04-15')).toBe(17);
    expect(parseJavaMajor('openjdk version "21" 2023-09-19')).toBe(21);
    expect(parseJavaMajor('java version "1.8.0_392"')).toBe(8);
    expect(parseJavaMajor('command not found')).toBeNull();
  });
});
