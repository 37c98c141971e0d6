import { SNACKBAR_FADE_MS, SNACKBAR_MS } from '@brainboard/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLICK_AFTER_DROP_MS } from '../../web/src/board/clickAfterDrop.ts';
import { card, column, titlesIn } from '../support/board.ts';
import { acceptDialogs, browserAvailable, openPage, useBrowser } from '../support/browser.ts';
import { mouseLift, pressAndHear, watchWrites } from '../support/dnd.ts';
import { holdLoadingScreen } from '../support/routes.ts';
import { dueIn, readingTask, readyStudent, seed } from '../support/student.ts';

/**
 * Watches the page from before its own scripts run: every canvas added to the document (the
 * confetti), every celebration overlay of Focus Mode, every Web Animations call, and every
 * sound: AudioContexts created, audio sources started (oscillators, buffers) and media
 * elements played.
 */
const WATCH = `(() => {
  const w = { canvases: 0, overlays: [], animateCalls: 0, contexts: 0, starts: 0, mediaPlays: 0 };
  window.__watch = w;
  const seen = (node) => {
    if (!(node instanceof Element)) return;
    if (node.matches('canvas') || node.querySelector('canvas')) w.canvases += 1;
    for (const el of [node, ...node.querySelectorAll('.focus-surprise, .focus-neon')]) {
      if (el.matches('.focus-surprise, .focus-neon')) w.overlays.push(el.className);
    }
  };
  new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(seen)))
    .observe(document, { childList: true, subtree: true });
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    w.animateCalls += 1;
    return animate.apply(this, args);
  };
  for (const name of ['AudioContext', 'webkitAudioContext']) {
    const Original = window[name];
    if (typeof Original !== 'function') continue;
    window[name] = class extends Original {
      constructor(...args) {
        super(...args);
        w.contexts += 1;
      }
    };
  }
  if (window.AudioScheduledSourceNode) {
    const start = AudioScheduledSourceNode.prototype.start;
    AudioScheduledSourceNode.prototype.start = function (...args) {
      w.starts += 1;
      return start.apply(this, args);
    };
  }
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (...args) {
    w.mediaPlays += 1;
    return play.apply(this, args);
  };
})()`;

interface Watch {
  canvases: number;
  overlays: string[];
  animateCalls: number;
  contexts: number;
  starts: number;
  mediaPlays: number;
}

const watched = (page: Page) => page.evaluate<Watch>('window.__watch');
/** Sounds begun so far: audio sources started plus media elements played. */
const soundsPlayed = async (page: Page) => {
  const w = await watched(page);
  return w.starts + w.mediaPlays;
};

/**
 * Everything that moves on screen now: CSS animations and transitions (computed on every
 * element and its ::before/::after), Web Animations still to run, and smooth scrolling.
 * "Off" is the reduced-motion rule's 0.01 ms (one frame is 16 ms).
 */
async function movingThings(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const OFF_MS = 0.011;
    const ms = (list) => list.split(',').map((v) => {
      v = v.trim();
      return v.endsWith('ms') ? parseFloat(v) : parseFloat(v) * 1000;
    });
    const name = (el) => el.tagName.toLowerCase() +
      (el.id ? '#' + el.id : '') +
      (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
    const found = [];
    for (const el of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        const cs = getComputedStyle(el, pseudo);
        const where = name(el) + (pseudo ?? '');
        if (cs.animationName !== 'none') {
          if (ms(cs.animationDuration).some((d) => d > OFF_MS)) {
            found.push(where + ' animation ' + cs.animationName + ' ' + cs.animationDuration);
          }
          if (cs.animationIterationCount.includes('infinite')) {
            found.push(where + ' animation ' + cs.animationName + ' repeats forever');
          }
        }
        if (cs.transitionProperty !== 'none' && ms(cs.transitionDuration).some((d) => d > OFF_MS)) {
          found.push(where + ' transition ' + cs.transitionProperty + ' ' + cs.transitionDuration);
        }
        if (pseudo === null && cs.scrollBehavior === 'smooth') found.push(where + ' smooth scrolling');
      }
    }
    for (const a of document.getAnimations()) {
      const t = a.effect.getComputedTiming();
      if (t.activeDuration > OFF_MS) {
        const target = a.effect.target;
        found.push((target ? name(target) : '?') + ' ' + a.constructor.name + ' ' + (a.animationName || a.transitionProperty || a.id || '') + ' ' + t.activeDuration + ' ms');
      }
    }
    return found;
  })()`);
}

describe.runIf(browserAvailable('reduced motion and mute browser test'))(
  'reduced motion and mute',
  () => {
    const browser = useBrowser();

    it('with prefers-reduced-motion nothing animates and no confetti or overlay appears', async () => {
      const { context, page } = await openPage(browser(), {
        reducedMotion: 'reduce',
        viewport: { width: 1280, height: 900 },
      });
      acceptDialogs(page);
      await page.addInitScript(WATCH);
      const student = await readyStudent(page, 'motion');
      // The page's clock runs as usual, and the test can move it on.
      await page.clock.install();
      await seed(student.as, readingTask({ description: 'Cells and membranes.' }));
      await seed(student.as, { title: 'Poem analysis', status: 'in progress', due_date: dueIn(5) });
      const moving: Record<string, string[]> = {};
      const audit = async (state: string) => {
        const list = await movingThings(page);
        if (list.length > 0) moving[state] = list;
      };

      const release = await holdLoadingScreen(page);
      // The watch itself: with motion allowed, the floating bubbles are seen.
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      expect((await movingThings(page)).join('\n')).toContain('loading-float');
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await audit('loading screen');
      await release();
      await column(page, 'New').waitFor({ timeout: 20_000 });
      await page.getByText('Read chapter 4').waitFor();
      await audit('board');

      // Picked up with the keyboard (then put back), and dragged to Done with the mouse: the
      // drop animation and the confetti (docs/product.md, Behaviour) stay away.
      const handle = page.getByRole('button', { name: 'Move Poem analysis' });
      await handle.focus();
      await pressAndHear(page, 'Space', 'Picked up Poem analysis.');
      await audit('board: a card picked up with the keyboard');
      await pressAndHear(page, 'Escape', 'Move cancelled.');
      const to = await column(page, 'Done').boundingBox();
      if (!to) throw new Error('No Done column on screen.');
      const writes = watchWrites(page);
      await mouseLift(page, card(page, 'Poem analysis'), { x: to.x + to.width / 2, y: to.y + 60 });
      await audit('board: a card dragged with the mouse');
      await page.mouse.up();
      await expect.poll(() => titlesIn(page, 'Done')).toEqual(['Poem analysis']);
      await writes.idle();
      await audit('board: card dropped in Done');
      // A click within 300 ms of a drop ends that drop; this one means to edit.
      await page.clock.runFor(CLICK_AFTER_DROP_MS);

      await page.getByRole('button', { name: 'Edit Read chapter 4' }).click();
      await page.getByRole('dialog', { name: 'Edit Assignment' }).waitFor();
      await audit('editor');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Focus', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Focus Mode' });
      await dialog.getByRole('heading', { name: 'Read chapter 4' }).waitFor();
      await audit('focus: task view');
      await dialog.getByRole('checkbox', { name: 'Skim the headings' }).check();
      await dialog.getByText('1 of 2 completed').waitFor();
      await audit('focus: subtask ticked');
      // The whole checklist: with reduced motion only the snackbar (docs/product.md, Behaviour).
      await dialog.getByRole('checkbox', { name: 'Write three questions' }).check();
      await page.getByText('Focus gem +1 · Streak 1').waitFor();
      await audit('focus: celebration');
      await page.clock.runFor(SNACKBAR_MS + SNACKBAR_FADE_MS);
      await page.getByText('Focus gem +1 · Streak 1').waitFor({ state: 'hidden' });
      await audit('focus: after the celebration');

      expect(moving).toEqual({});
      const w = await watched(page);
      expect(w.canvases, 'confetti canvases').toBe(0);
      expect(w.overlays, 'celebration overlays').toEqual([]);
      expect(w.animateCalls, 'Element.animate() calls').toBe(0);
      await context.close();
    });

    it('plays each sound with sounds on, and none at all once "Play sounds" is off', async () => {
      const { context, page } = await openPage(browser(), {
        viewport: { width: 1280, height: 900 },
      });
      const alerts = acceptDialogs(page);
      await page.addInitScript(WATCH);
      const student = await readyStudent(page, 'mute');
      const task = (title: string, days: number) =>
        seed(student.as, {
          title,
          due_date: dueIn(days),
          subtasks: ['One', 'Two', 'Three'].map((t, i) => ({
            id: `st-${i + 1}`,
            title: `${t} (${title})`,
            completed: false,
          })),
        });
      const first = await task('Lab report', 1);
      await task('Vocabulary list', 2);
      await page.clock.install();
      const writes = watchWrites(page);

      /**
       * Every moment that has a sound (docs/product.md, Screens and Behaviour), in order;
       * returns how many sounds each one started. With `heard`, each moment waits for its
       * sound, which starts once its AudioContext has resumed. Muted, nothing can start late:
       * the page never even creates an AudioContext (checked after the muted run), and no
       * source plays without one.
       */
      const moments = async (title: string, heard: boolean) => {
        const played: Record<string, number> = {};
        const measure = async (moment: string, act: () => Promise<void>) => {
          const before = await soundsPlayed(page);
          await act();
          // Each moment's saves end before the next moment starts (its own failure included).
          await writes.idle();
          if (heard) {
            await expect
              .poll(async () => (await soundsPlayed(page)) - before, {
                timeout: 5_000,
                message: moment,
              })
              .toBeGreaterThan(0);
          }
          played[moment] = (await soundsPlayed(page)) - before;
        };

        const release = await holdLoadingScreen(page);
        await measure('loading screen: a bubble popped', async () => {
          await page.getByRole('button', { name: 'Pop bubble 1 of 10' }).click({ force: true });
          await page.getByText('1 of 10 popped').waitFor();
        });
        await release();
        await page.getByRole('button', { name: 'Focus', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Focus Mode' });
        await dialog.getByRole('heading', { name: title }).waitFor();
        const box = (n: string) => dialog.getByRole('checkbox', { name: `${n} (${title})` });

        await measure('focus: a subtask ticked', async () => {
          await box('One').check();
          await dialog.getByText('1 of 3 completed').waitFor();
        });
        await measure('focus: a subtask could not be saved', async () => {
          const failing = '**/api/assignment/*/subtasks/*';
          await page.route(failing, (route) =>
            route.fulfill({ status: 503, json: { error: 'Try again later.' } }),
          );
          // Unticking: no tick sound, only the error sound (docs/product.md, Behaviour).
          const alerted = alerts.length;
          await box('One').click();
          await expect.poll(() => alerts.length, { timeout: 5_000 }).toBe(alerted + 1);
          await expect.poll(() => box('One').isChecked(), { timeout: 5_000 }).toBe(true);
          await page.unroute(failing);
        });
        await box('Two').check();
        await dialog.getByText('2 of 3 completed').waitFor();
        await measure('focus: the checklist completed', async () => {
          await box('Three').check();
          await page.getByText(/Focus gem \+1 · Streak \d/).waitFor();
        });
        await measure('focus: the timer ended', async () => {
          await page.clock.fastForward('25:01');
          await dialog.getByText('Complete!', { exact: true }).waitFor();
        });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        return played;
      };

      // Sounds on (the default): every moment is heard.
      const heard = await moments('Lab report', true);
      for (const [moment, count] of Object.entries(heard)) {
        expect(count, moment).toBeGreaterThan(0);
      }
      // (The same page without reduced motion does draw confetti: the watch sees canvases.)
      expect((await watched(page)).canvases).toBeGreaterThan(0);

      // "Play sounds" off in Settings; the first task is done, so Focus Mode opens the second.
      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog');
      await settings.getByRole('checkbox', { name: 'Play sounds' }).uncheck();
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'detached' });
      const done = await student.as('PATCH', '/api/assignment', { id: first.id, status: 'done' });
      expect(done.status).toBe(200);

      const silent = await moments('Vocabulary list', false);
      expect(silent).toEqual(Object.fromEntries(Object.keys(heard).map((m) => [m, 0])));
      // Muted, the page never even opened an audio output (counted since the last reload).
      expect((await watched(page)).contexts).toBe(0);
      await context.close();
    });
  },
);
