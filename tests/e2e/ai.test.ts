import {
  AI_CONSENT_PROMPT,
  DEEP_DIVE_CONSENT_PROMPT,
  DEEP_DIVE_TOOLS,
  type Assignment,
} from '@brainboard/domain';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { subtaskTitles, topicFromPrompt } from '../../scripts/standins/json-schema-sample.ts';
import { standinReply } from '../../scripts/standins/openai/replies.ts';
import { assignmentContext, suggestionPrompt } from '../../web/src/ai/context.ts';
import { acceptDialogs, browserAvailable, realProblems, useBrowser } from '../support/browser.ts';
import { signedInStudent, type BrowserStudent } from '../support/student.ts';

interface Student extends BrowserStudent {
  /** The texts of the confirmations the app asked (all accepted). */
  confirms: string[];
}

/** A signed-in student past consent and What's New, with AI not yet enabled. */
async function student(browser: Browser, name: string): Promise<Student> {
  const s = await signedInStudent(browser, name, { viewport: { width: 1280, height: 900 }, name });
  return { ...s, confirms: acceptDialogs(s.page) };
}

async function createAssignment(s: Student, title: string, description: string) {
  const res = await s.as<{ item: Assignment }>('POST', '/api/assignment', { title, description });
  expect(res.status).toBe(201);
  return res.body.item;
}

/** Opens the board and the editor of one assignment. */
async function openEditor(s: Student, title: string) {
  await s.page.goto(`${new URL(s.page.url()).origin}/dashboard`);
  const edit = s.page.getByRole('button', { name: `Edit ${title}` });
  await edit.waitFor({ timeout: 20_000 });
  await edit.click();
  const editor = s.page.getByRole('dialog', { name: 'Edit Assignment' });
  await editor.waitFor();
  return editor;
}

describe.runIf(browserAvailable('AI browser test'))('AI help in Chromium', () => {
  const browser = useBrowser();

  it('streams a chat reply into the modal, keeps the conversation and saves it on close', async () => {
    const s = await student(browser(), 'chat');
    const a = await createAssignment(s, 'Essay on bees', 'Two pages about pollination.');
    const editor = await openEditor(s, a.title);

    // Record how the reply grows, render by render, from before the chat opens.
    await s.page.evaluate(`(() => {
      window.__lengths = [];
      window.__thinking = false;
      new MutationObserver(() => {
        const status = document.querySelector('.ai-chat__status');
        if (status && status.textContent === 'Thinking...') window.__thinking = true;
        const replies = document.querySelectorAll('.ai-chat__msg--assistant .ai-chat__text');
        const last = replies[replies.length - 1];
        if (last) window.__lengths.push(last.textContent.length);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    })()`);
    await editor.getByRole('button', { name: 'Help' }).click();
    const chat = s.page.getByRole('dialog', { name: 'AI Help' });
    await chat.waitFor();
    expect(s.confirms).toEqual([AI_CONSENT_PROMPT]);
    const log = chat.getByRole('log', { name: 'Conversation' });
    const first = standinReply(assignmentContext(a));
    await expect.poll(() => log.textContent(), { timeout: 15_000 }).toContain(first);
    expect(await s.page.evaluate('window.__thinking')).toBe(true);
    const lengths = await s.page.evaluate<number[]>('window.__lengths');
    // Many renders of a growing reply, not one block at the end.
    expect(new Set(lengths).size).toBeGreaterThan(5);
    await expect.poll(() => chat.getByText('Thinking...').count(), { timeout: 15_000 }).toBe(0);

    // A follow-up question, sent with Enter.
    await chat.getByRole('textbox', { name: 'Your message' }).fill('What should I read first?');
    expect(await chat.getByText('25/512').count()).toBe(1);
    await chat.getByRole('textbox', { name: 'Your message' }).press('Enter');
    await log
      .getByText('Stand-in reply to: What should I read first?')
      .waitFor({ timeout: 15_000 })
      .catch(async (err: Error) => {
        throw new Error(
          `${err.message}\nThe chat shows: ${await chat.textContent()}\nConsole: ${s.problems.join('\n')}`,
        );
      });
    await expect.poll(() => chat.getByText('Thinking...').count(), { timeout: 15_000 }).toBe(0);

    // Closing saves it; opening again shows the saved conversation without asking the AI.
    await chat.getByRole('button', { name: 'Close' }).click();
    await expect
      .poll(
        async () => {
          const saved = await s.as<{ ai_help: { role: string }[] }>(
            'GET',
            `/api/ai-help-load?assignment_id=${a.id}`,
          );
          return saved.body.ai_help.map((m) => m.role);
        },
        { timeout: 10_000 },
      )
      .toEqual(['user', 'assistant', 'user', 'assistant']);
    await editor.getByRole('button', { name: 'Help' }).click();
    await chat.getByText('What should I read first?', { exact: true }).waitFor();
    expect(await chat.getByText('Thinking...').count()).toBe(0);
    expect(s.confirms).toHaveLength(1);

    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });

  it('suggests subtasks, reorders them, approves, and the card shows them', async () => {
    const s = await student(browser(), 'suggest');
    const a = await createAssignment(s, 'Science fair poster', 'About volcanoes.');
    const editor = await openEditor(s, a.title);

    await editor.getByRole('button', { name: 'Suggest subtasks with AI' }).click();
    const review = s.page.getByRole('dialog', { name: 'Suggested subtasks' });
    await review.waitFor({ timeout: 15_000 });
    expect(s.confirms).toEqual([AI_CONSENT_PROMPT]);
    const expected = subtaskTitles(topicFromPrompt(suggestionPrompt(a.title, a.description, [])));
    const shown = () => review.locator('.ai-suggest__title').allTextContents();
    expect(await shown()).toEqual(expected);
    const box = await review.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(500);
    expect(box!.height).toBeGreaterThanOrEqual(400);

    // Move the first suggestion down one place, and delete the last one.
    await review.getByRole('button', { name: `Move down: ${expected[0]}` }).click();
    const reordered = [expected[1]!, expected[0]!, ...expected.slice(2)];
    expect(await shown()).toEqual(reordered);
    await review.getByRole('button', { name: `Delete: ${expected[expected.length - 1]}` }).click();
    const approved = reordered.slice(0, -1);
    expect(await shown()).toEqual(approved);

    await review.getByRole('button', { name: 'Approve & Add to Assignment' }).click();
    await review.waitFor({ state: 'detached' });
    for (const title of approved) await editor.getByText(title, { exact: true }).waitFor();

    // Stored in that order, and the card counts them.
    await expect
      .poll(
        async () => {
          const res = await s.as<{ item: Assignment }>('GET', `/api/assignment/${a.id}`);
          return res.body.item.subtasks.map((t) => t.title);
        },
        { timeout: 10_000 },
      )
      .toEqual(approved);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await s.page.reload();
    const card = s.page.locator(`li.card[data-card-id="${a.id}"]`);
    await card.getByText(`0/${approved.length}`).waitFor({ timeout: 20_000 });

    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });

  it('fills a deep-dive snippet and opens its full text', async () => {
    const s = await student(browser(), 'deepdive');
    const a = await createAssignment(s, 'History essay', 'The printing press and its effects.');
    const editor = await openEditor(s, a.title);

    await editor.getByRole('button', { name: 'Deep Dive' }).click();
    const dive = s.page.getByRole('dialog', { name: 'Deep Dive' });
    await dive.waitFor();
    expect(
      await dive.getByRole('tab', { name: 'Deep-Dive Tools' }).getAttribute('aria-selected'),
    ).toBe('true');
    for (const tool of DEEP_DIVE_TOOLS) {
      await dive.getByRole('button', { name: tool, exact: true }).waitFor();
    }

    const tool = 'Time Machine Feature';
    const card = dive.locator('li', {
      has: s.page.getByRole('button', { name: tool, exact: true }),
    });
    await card.getByRole('button', { name: tool, exact: true }).click();
    const full = standinReply(assignmentContext(a));
    const snippet = card.getByText(full.slice(0, 100), { exact: true });
    await snippet.waitFor({ timeout: 15_000 });
    expect(s.confirms).toEqual([DEEP_DIVE_CONSENT_PROMPT]);

    await snippet.click();
    const viewer = s.page.getByRole('dialog', { name: tool });
    await viewer.waitFor();
    expect((await viewer.locator('.ai-deep-dive__full').textContent())?.trim()).toBe(full);
    await viewer.getByRole('button', { name: 'Close' }).click();

    // Stored on the assignment; clicking the tool again opens the text instead of asking the AI.
    const stored = await s.as<{ item: Assignment }>('GET', `/api/assignment/${a.id}`);
    expect(stored.body.item.deep_dive).toEqual({ [tool]: full });
    await card.getByRole('button', { name: tool, exact: true }).click();
    await viewer.waitFor();
    const again = await s.as<{ item: Assignment }>('GET', `/api/assignment/${a.id}`);
    expect(again.body.item.updated_at).toBe(stored.body.item.updated_at);

    expect(realProblems(s.problems)).toEqual([]);
    await s.context.close();
  });
});
