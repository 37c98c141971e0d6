import { describe, expect, inject, it } from 'vitest';
import { card } from '../support/board.ts';
import { browserAvailable, openPage, useBrowser } from '../support/browser.ts';
import { readyStudent } from '../support/student.ts';

interface Issue {
  code: string;
  details: { contentSecurityPolicyIssueDetails?: { violatedDirective: string } };
}

/**
 * The app works under the Hosting Content-Security-Policy (vite preview serves the
 * same headers), and nothing it does is refused by it: Chromium reports each refusal as a
 * DevTools issue, which Lighthouse counts against best practices.
 */
describe.runIf(browserAvailable('CSP browser test'))('Content-Security-Policy', () => {
  const browser = useBrowser();

  it('is sent with the page, and the landing page and the board cause no violation', async () => {
    const { web } = inject('stack');
    const { context, page } = await openPage(browser());
    const issues: Issue[] = [];
    const watch = async () => {
      const cdp = await context.newCDPSession(page);
      cdp.on('Audits.issueAdded', (e: { issue: Issue }) => issues.push(e.issue));
      await cdp.send('Audits.enable');
    };

    const res = await page.goto(`${web}/`);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');

    const { as } = await readyStudent(page, 'csp');
    await as('POST', '/api/assignment', { title: 'Essay draft', subtasks: [{ title: 'Outline' }] });

    await watch();
    await page.goto(`${web}/`);
    await page.goto(`${web}/dashboard`);
    await card(page, 'Essay draft').waitFor({ timeout: 30_000 });
    // The editor's chunk loads on open (and runs zod when it saves).
    await card(page, 'Essay draft').getByRole('heading').click();
    await page.getByRole('dialog').waitFor();
    await page.waitForLoadState('networkidle');

    const refused = issues
      .filter((i) => i.code === 'ContentSecurityPolicyIssue')
      .map((i) => i.details.contentSecurityPolicyIssueDetails?.violatedDirective);
    expect(refused).toEqual([]);
    await context.close();
  });
});
