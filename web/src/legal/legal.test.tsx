import { LEGAL_TERMS } from '@brainboard/domain';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from '../router/router.tsx';
import { PrivacyPolicyPage } from './PrivacyPolicyPage.tsx';
import { TermsOfServicePage } from './TermsOfServicePage.tsx';

const text = (ui: React.ReactNode) =>
  render(<Router>{ui}</Router>).container.textContent?.replace(/\s+/g, ' ') ?? '';

describe('legal pages carry every legal term', () => {
  it('Privacy Policy: retention, deletion, rights, age, AI provider and Google Calendar', () => {
    const page = text(<PrivacyPolicyPage />);
    expect(page).toContain(
      `Consent records are kept for ${LEGAL_TERMS.consentLogRetentionYears} years`,
    );
    expect(page).toContain(
      `within ${LEGAL_TERMS.dataRetentionAfterDeletionDays} days after deletion`,
    );
    expect(page).toContain(`we will answer within ${LEGAL_TERMS.rightsRequestResponseDays} days`);
    expect(page).toContain(`at least ${LEGAL_TERMS.minimumAge} years old`);
    expect(page).toContain('What goes to the AI provider');
    expect(page).toContain('title, description and existing subtasks');
    expect(page).toContain('What goes to Google Calendar');
    expect(page).toContain('title, description and due date and time');
  });

  it('Terms of Service: age, liability cap, arbitration opt-out, deletion', () => {
    const page = text(<TermsOfServicePage />);
    expect(page).toContain(`at least ${LEGAL_TERMS.minimumAge} years old`);
    expect(page).toContain(`limited to US $${LEGAL_TERMS.liabilityCapUsd}.`);
    expect(page).toContain(`within ${LEGAL_TERMS.arbitrationOptOutDays} days of first accepting`);
    expect(page).toContain(`within ${LEGAL_TERMS.dataRetentionAfterDeletionDays} days`);
    expect(page).not.toContain('US $ ');
  });
});
