import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserAvailable, useBrowser } from '../support/browser.ts';
import { dueIn, readyStudent, seed } from '../support/student.ts';

/**
 * The browser's own text size setting (chrome://settings "Font size"), as a student with low
 * vision sets it: the default font size, which every rem in the app's CSS follows. 16 px is
 * Chromium's default; 32 px is text at 200 %.
 */
async function setTextSize(cdp: CDPSession, percent: 100 | 200): Promise<void> {
  const standard = (16 * percent) / 100;
  await cdp.send('Page.setFontSizes', {
    fontSizes: { standard, fixed: (13 * percent) / 100 },
  });
}

/** Remembers every visible element that shows text of its own, with its font size now. */
async function noteTextSizes(page: Page): Promise<number> {
  return page.evaluate<number>(`(() => {
    const notes = [];
    for (const el of document.querySelectorAll('body *')) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
      if (!own || el.closest('[aria-hidden="true"], .visually-hidden')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      notes.push({ el, size: parseFloat(getComputedStyle(el).fontSize) });
    }
    window.__textNotes = notes;
    return notes.length;
  })()`);
}

/** The remembered texts that did not grow to (about) twice their size. */
async function textsNotDoubled(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`window.__textNotes
    .filter(({ el }) => el.isConnected)
    .map(({ el, size }) => ({ el, size, now: parseFloat(getComputedStyle(el).fontSize) }))
    .filter(({ size, now }) => now < size * 1.95)
    .map(({ el, size, now }) => el.tagName.toLowerCase() + '.' + el.className + ' "' +
      el.textContent.trim().slice(0, 30) + '" ' + size + 'px -> ' + now + 'px')`);
}

/**
 * What a student would lose at this text size: text cut off by a box that hides overflow,
 * a page or a box that scrolls sideways, and controls that cannot be seen or reached (no
 * size, not scrollable into view, or covered by something else at their centre).
 */
async function lostContent(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(async () => {
    const problems = [];
    const name = (el) => {
      const label = (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40);
      return el.tagName.toLowerCase() +
        (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '') +
        (label ? ' "' + label + '"' : '');
    };
    // Text hidden visually for screen readers (1 px, clipped) is meant to be clipped.
    const srOnly = (el) => {
      const st = getComputedStyle(el);
      return st.position === 'absolute' && st.clip === 'rect(0px, 0px, 0px, 0px)';
    };
    const skipped = (el) =>
      !!el.closest('[aria-hidden="true"], [inert], .visually-hidden') || srOnly(el);
    for (const el of document.querySelectorAll('body *')) {
      if (skipped(el)) continue;
      const cs = getComputedStyle(el);
      const clipX = /hidden|clip/.test(cs.overflowX);
      const clipY = /hidden|clip/.test(cs.overflowY);
      if ((!clipX && !clipY) || !(el.innerText || '').trim()) continue;
      // A line-clamped preview (a card's description) is cut at every text size by design;
      // the editor shows the whole text, and it is checked there.
      if (cs.webkitLineClamp !== 'none') continue;
      if (clipX && el.scrollWidth > el.clientWidth + 1) {
        problems.push(name(el) + ' cuts text off sideways (' + el.scrollWidth + ' > ' + el.clientWidth + ' px)');
      }
      if (clipY && el.scrollHeight > el.clientHeight + 1) {
        problems.push(name(el) + ' cuts text off below (' + el.scrollHeight + ' > ' + el.clientHeight + ' px)');
      }
    }
    // Boxes that scroll sideways: reading a line would mean scrolling back and forth. The
    // board's columns are the one sideways scroller by design (one column at a time on phones).
    for (const el of document.querySelectorAll('body *')) {
      if (skipped(el) || el.matches('.board__columns')) continue;
      const cs = getComputedStyle(el);
      if (/auto|scroll/.test(cs.overflowX) && el.scrollWidth > el.clientWidth + 1) {
        problems.push(name(el).slice(0, 60) + ' scrolls sideways (' + el.scrollWidth + ' > ' + el.clientWidth + ' px)');
      }
    }
    const root = document.scrollingElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      problems.push('the page scrolls sideways (' + root.scrollWidth + ' > ' + root.clientWidth + ' px)');
    }
    const controls = document.querySelectorAll(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"]',
    );
    for (const el of controls) {
      if (skipped(el)) continue;
      // Not rendered on purpose (a closed section, a control for another pointer type).
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      await new Promise((r) => requestAnimationFrame(() => r()));
      // A link that wraps over two lines: its first line (the box's centre may be between them).
      const r = el.getClientRects()[0] ?? el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) {
        problems.push(name(el) + ' has no size (' + r.width + 'x' + r.height + ')');
        continue;
      }
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) {
        problems.push(name(el) + ' cannot be scrolled into view (centre at ' + Math.round(x) + ',' + Math.round(y) + ')');
        continue;
      }
      const hit = document.elementFromPoint(x, y);
      const ok = hit && (el === hit || el.contains(hit) ||
        [...(el.labels || [])].some((l) => l.contains(hit)));
      if (!ok) problems.push(name(el) + ' is covered by ' + (hit ? name(hit) : 'nothing'));
    }
    return problems;
  })()`);
}

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;

/**
 * WCAG 1.4.4: with the browser's text size at 200 %, text really is twice as big,
 * and nothing is lost on the landing page, a legal page, the board, the editor, Settings and
 * Focus Mode, on a laptop (1280 px, the width WCAG means) and on a phone (375 px).
 */
describe.runIf(browserAvailable('text at 200% browser test'))('text at 200 %', () => {
  const browser = useBrowser();

  for (const viewport of VIEWPORTS) {
    it(`loses no content at 200 % text, ${viewport.width} px wide`, async () => {
      const { web } = inject('stack');
      const lost: Record<string, string[]> = {};
      const small: Record<string, string[]> = {};
      /** Notes the text sizes at 100 %, turns 200 % on and looks for what got lost. */
      const check = async (page: Page, cdp: CDPSession, screen: string) => {
        await setTextSize(cdp, 100);
        expect(await page.evaluate('getComputedStyle(document.documentElement).fontSize')).toBe(
          '16px',
        );
        expect(await noteTextSizes(page), `texts on ${screen}`).toBeGreaterThan(0);
        await setTextSize(cdp, 200);
        expect(await page.evaluate('getComputedStyle(document.documentElement).fontSize')).toBe(
          '32px',
        );
        const notDoubled = await textsNotDoubled(page);
        if (notDoubled.length > 0) small[screen] = notDoubled;
        const problems = await lostContent(page);
        if (problems.length > 0) lost[screen] = problems;
      };
      const open = async (context: BrowserContext) => {
        const page = await context.newPage();
        return { page, cdp: await context.newCDPSession(page) };
      };

      const visitor = await browser().newContext({ viewport });
      const landing = await open(visitor);
      for (const [path, screen] of [
        ['/', 'landing'],
        ['/privacy', 'privacy policy'],
      ] as const) {
        await landing.page.goto(`${web}${path}`);
        await landing.page.getByRole('main').first().waitFor();
        await check(landing.page, landing.cdp, screen);
      }
      await visitor.close();

      const context = await browser().newContext({ viewport });
      const { page, cdp } = await open(context);
      const student = await readyStudent(page, `text-${viewport.width}`);
      await seed(student.as, {
        title: 'Read chapter 4 of the biology textbook and take notes',
        description: 'Cells and membranes: the parts of a cell and what each one does.',
        due_date: dueIn(1),
        subtasks: [
          { id: 'st-1', title: 'Skim the headings', completed: false },
          { id: 'st-2', title: 'Write three questions about the membrane', completed: false },
        ],
      });
      await seed(student.as, {
        title: 'Practice fractions',
        status: 'in progress',
        due_date: dueIn(4),
      });
      await seed(student.as, { title: 'Poem analysis', status: 'done' });
      await page.reload();
      const title = 'Read chapter 4 of the biology textbook and take notes';
      await page.getByRole('heading', { name: title }).waitFor({ timeout: 20_000 });
      await check(page, cdp, 'board');

      await setTextSize(cdp, 100);
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const editor = page.getByRole('dialog', { name: 'Edit Assignment' });
      await editor.waitFor();
      await check(page, cdp, 'editor');
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });

      await setTextSize(cdp, 100);
      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog');
      await settings.waitFor();
      // Sharing and "Download my data" load as their own chunks after the dialog opens: check
      // Settings once they are in it, not while they arrive.
      await settings.getByRole('heading', { name: 'Share with a supporter' }).waitFor();
      await settings.getByRole('heading', { name: 'Download my data' }).waitFor();
      await check(page, cdp, 'settings');
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'detached' });

      await setTextSize(cdp, 100);
      await page.getByRole('button', { name: 'Focus', exact: true }).click();
      const focus = page.getByRole('dialog', { name: 'Focus Mode' });
      await focus.getByRole('heading', { name: title }).waitFor();
      await check(page, cdp, 'focus mode');

      expect(small, 'texts that did not double').toEqual({});
      expect(lost, 'content lost at 200 %').toEqual({});
      await context.close();
    });
  }
});
