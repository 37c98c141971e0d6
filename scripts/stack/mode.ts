import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export type StackMode = 'full' | 'lite';

export interface ModeFacts {
  /** BRAINBOARD_MODE, when the person running the stack chose. */
  forced?: string | undefined;
  /** Major version of `java` on the PATH, or null when there is none. */
  javaMajor: number | null;
  /** Whether the Firestore and Storage emulator JARs are already downloaded. */
  jarsCached: boolean;
}

export interface ModeChoice {
  mode: StackMode;
  reason: string;
}

/**
 * The full Firebase Emulator Suite where it can run (Java 21 and
 * its emulator JARs), the lite stack otherwise.
 */
export function chooseMode(facts: ModeFacts): ModeChoice {
  if (facts.forced === 'lite') return { mode: 'lite', reason: 'BRAINBOARD_MODE=lite was set.' };
  if (facts.forced === 'full') return { mode: 'full', reason: 'BRAINBOARD_MODE=full was set.' };
  if (facts.javaMajor === null) {
    return {
      mode: 'lite',
      reason: 'No Java found; the Firestore and Storage emulators need Java 21 or newer.',
    };
  }
  if (facts.javaMajor < 21) {
    return {
      mode: 'lite',
      reason: `Java ${facts.javaMajor} found; the Firestore and Storage emulators need Java 21 or newer.`,
    };
  }
  if (!facts.jarsCached) {
    return {
      mode: 'lite',
      reason:
        'Java 21+ found, but the emulator JARs are not downloaded. Run `npx firebase setup:emulators:firestore` and `npx firebase setup:emulators:storage` once with internet access for full mode.',
    };
  }
  return { mode: 'full', reason: `Java ${facts.javaMajor} and the emulator JARs are available.` };
}

/** Parses `java -version` output ("17.0.15", "21", "1.8.0_392"). */
export function parseJavaMajor(output: string): number | null {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(output);
  if (!match?.[1]) return null;
  const first = Number(match[1]);
  return first === 1 && match[2] ? Number(match[2]) : first;
}

async function javaMajor(): Promise<number | null> {
  try {
    const { stderr, stdout } = await promisify(execFile)('java', ['-version'], { timeout: 10_000 });
    return parseJavaMajor(`${stderr}\n${stdout}`);
  } catch {
    return null;
  }
}

function jarsCached(): boolean {
  const dir = join(homedir(), '.cache', 'firebase', 'emulators');
  if (!existsSync(dir)) return false;
  const files = readdirSync(dir);
  return (
    files.some((f) => f.startsWith('cloud-firestore-emulator') && f.endsWith('.jar')) &&
    files.some((f) => f.startsWith('cloud-storage-rules-runtime') && f.endsWith('.jar'))
  );
}

export async function detectMode(env: NodeJS.ProcessEnv = process.env): Promise<ModeChoice> {
  return chooseMode({
    forced: env.BRAINBOARD_MODE,
    javaMajor: await javaMajor(),
    jarsCached: jarsCached(),
  });
}
