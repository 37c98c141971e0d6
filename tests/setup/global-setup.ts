import type { TestProject } from 'vitest/node';
import { urls } from '../../scripts/stack/config.ts';
import { startStack, type Stack } from '../../scripts/stack/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: {
      mode: 'full' | 'lite';
      modeReason: string;
      web: string;
      api: string;
      authEmulator: string;
      firestoreHost: string;
      openai: string | null;
      calendar: string | null;
      push: string;
      lms: string;
      /** Stops and starts one part of the stack alone (scripts/stack/faultControl.ts). */
      control: string;
    };
  }
}

let stack: Stack | undefined;

/**
 * Starts one local stack for the integration project: the same one `npm
 * start` runs, with the web app built and served by `vite preview`.
 */
export async function setup(project: TestProject) {
  const started = Date.now();
  // BRAINBOARD_TEST_WEB=none skips building the web app, for API-only runs.
  const web = process.env.BRAINBOARD_TEST_WEB === 'none' ? 'none' : 'preview';
  stack = await startStack({
    web,
    seed: false,
    faultControl: true,
    log: (m) => console.log(`[stack] ${m}`),
  });
  console.log(`[stack] ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('stack', {
    mode: stack.mode.mode,
    modeReason: stack.mode.reason,
    web: stack.urls.web ?? '',
    api: stack.urls.api,
    authEmulator: stack.urls.authEmulator,
    firestoreHost: urls.firestoreHost,
    openai: stack.urls.openai,
    calendar: stack.urls.calendar,
    push: stack.urls.push,
    lms: stack.urls.lms,
    control: stack.urls.control ?? '',
  });
}

export async function teardown() {
  await stack?.stop();
}
