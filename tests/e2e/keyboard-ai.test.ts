import type { Assignment } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import { subtaskTitles, topicFromPrompt } from '../../scripts/standins/json-schema-sample.ts';
import { standinReply } from '../../scripts/standins/openai/replies.ts';
import { assignmentContext, suggestionPrompt } from '../../web/src/ai/context.ts';
import { realProblems } from '../support/browser.ts';
import {
  describeKeyboard,
  dialog,
  dialogReady,
  expectFocused,
  expectVisibleFocus,
  openDialog,
  reloadBoard,
  saved,
  seed,
  tabAndPress,
  tabTo,
} from '../support/keyboard.ts';

describeKeyboard('AI help by keyboard', (signedIn) => {
  describe('AI help', () => {
    /** A student with AI help and deep dive turned on, and one assignment open in the editor. */
    async function editorWithAi(prefix: string, title: string, description: string) {
      const s = await signedIn(prefix);
      const enabled = await s.as('PATCH', `/api/user/${s.id}`, {
        ai_help_enabled: true,
        ai_deep_dive_enabled: true,
      });
      expect(enabled.status).toBe(200);
      const a = await seed(s.as, { title, description });
      await reloadBoard(s);
      const edit = s.page.getByRole('button', { name: `Edit ${title}` });
      await tabAndPress(s.page, edit);
      const editor = dialog(s.page, 'Edit Assignment');
      await dialogReady(editor);
      return { s, a, editor, edit };
    }

    it('chats: sends a message with Enter and reads the streamed answer', async () => {
      const { s, a, editor, edit } = await editorWithAi(
        'kb-chat',
        'Essay on bees',
        'Two pages about pollination.',
      );
      const { page } = s;
      const help = editor.getByRole('button', { name: 'Help' });
      const chat = await openDialog(page, help, 'AI Help');
      const log = chat.getByRole('log', { name: 'Conversation' });
      await expect
        .poll(() => log.textContent(), { timeout: 15_000 })
        .toContain(standinReply(assignmentContext(a)));
      await expect.poll(() => chat.getByText('Thinking...').count(), { timeout: 15_000 }).toBe(0);

      const input = chat.getByRole('textbox', { name: 'Your message' });
      await tabTo(page, input);
      await page.keyboard.type('What should I read first?');
      await page.keyboard.press('Enter');
      await log
        .getByText('Stand-in reply to: What should I read first?')
        .waitFor({ timeout: 15_000 });
      await expect.poll(() => chat.getByText('Thinking...').count(), { timeout: 15_000 }).toBe(0);
      await expectFocused(page, input, 'the message box after sending');

      // Escape closes the chat, then the editor, each returning focus where it was.
      await page.keyboard.press('Escape');
      await chat.waitFor({ state: 'detached' });
      await expectFocused(page, help, 'the Help button after closing the chat');
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });
      await expectFocused(page, edit, 'the card’s Edit button after closing the editor');
      expect(realProblems(s.problems)).toEqual([]);
      await s.context.close();
    });

    it('deep dive: switches tabs with the arrows, runs a tool and opens its full text', async () => {
      const { s, a, editor } = await editorWithAi(
        'kb-dive',
        'History essay',
        'The printing press and its effects.',
      );
      const { page } = s;
      const open = editor.getByRole('button', { name: 'Deep Dive' });
      const dive = await openDialog(page, open, 'Deep Dive');

      const toolsTab = dive.getByRole('tab', { name: 'Deep-Dive Tools' });
      const detailsTab = dive.getByRole('tab', { name: 'Task Details' });
      await tabTo(page, toolsTab);
      await page.keyboard.press('ArrowLeft');
      await expectFocused(page, detailsTab, 'the Task Details tab');
      expect(await detailsTab.getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('ArrowRight');
      await expectFocused(page, toolsTab, 'the Deep-Dive Tools tab');

      const tool = 'Time Machine Feature';
      const full = standinReply(assignmentContext(a));
      const generated = saved(page, 'POST', '/api/ai-deep-dive');
      await tabAndPress(page, dive.getByRole('button', { name: tool, exact: true }));
      expect((await generated).status()).toBe(200);
      const snippet = dive.getByRole('button', {
        name: `${full.slice(0, 100)} (open the full ${tool} text)`,
      });
      await snippet.waitFor({ timeout: 15_000 });
      const viewer = await openDialog(page, snippet, tool);
      expect((await viewer.locator('.ai-deep-dive__full').textContent())?.trim()).toBe(full);
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      await expectFocused(page, snippet, 'the snippet after closing the full text');
      await page.keyboard.press('Escape');
      await dive.waitFor({ state: 'detached' });
      await expectFocused(page, open, 'the Deep Dive button after closing');

      const stored = (await s.as('GET', `/api/assignment/${a.id}`)).body as { item: Assignment };
      expect(stored.item.deep_dive).toEqual({ [tool]: full });
      expect(realProblems(s.problems)).toEqual([]);
      await s.context.close();
    });

    it('suggests subtasks: reviews them by keyboard and approves', async () => {
      const { s, a, editor } = await editorWithAi(
        'kb-suggest',
        'Science fair poster',
        'About volcanoes.',
      );
      const { page } = s;
      const suggest = editor.getByRole('button', { name: 'Suggest subtasks with AI' });
      await tabAndPress(page, suggest);
      const review = dialog(page, 'Suggested subtasks');
      await review.waitFor({ timeout: 15_000 });
      const expected = subtaskTitles(topicFromPrompt(suggestionPrompt(a.title, a.description, [])));
      const shown = () => review.locator('.ai-suggest__title').allTextContents();
      expect(await shown()).toEqual(expected);

      // The first one down a place (focus follows it), the last one deleted.
      const first = expected[0]!;
      await tabAndPress(page, review.getByRole('button', { name: `Move down: ${first}` }));
      const reordered = [expected[1]!, first, ...expected.slice(2)];
      expect(await shown()).toEqual(reordered);
      await expectVisibleFocus(page);
      const last = expected[expected.length - 1]!;
      await tabAndPress(page, review.getByRole('button', { name: `Delete: ${last}` }));
      const approved = reordered.slice(0, -1);
      expect(await shown()).toEqual(approved);
      await expectVisibleFocus(page);

      await tabAndPress(page, review.getByRole('button', { name: 'Approve & Add to Assignment' }));
      await review.waitFor({ state: 'detached' });
      for (const title of approved) {
        await editor.getByRole('checkbox', { name: title, exact: true }).waitFor();
      }
      // Back in the editor where the student asked, not lost to the page.
      await expectFocused(page, suggest, 'the Suggest button after approving');
      await expect
        .poll(async () => {
          const res = await s.as('GET', `/api/assignment/${a.id}`);
          return (res.body as { item: Assignment }).item.subtasks.map((t) => t.title);
        })
        .toEqual(approved);
      expect(realProblems(s.problems)).toEqual([]);
      await s.context.close();
    });
  });
});
