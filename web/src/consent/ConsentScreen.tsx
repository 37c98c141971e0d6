import { ACCEPTANCE_SAVE_ERROR, ACCEPTANCE_SAVE_FAILED } from '@brainboard/domain';
import { useState } from 'react';
import { callEndpoint } from '../data/api/call.ts';
import { isApiError } from '../data/api/client.ts';
import { api } from '../data/api.ts';
import { showAlert } from '../ui/notify.ts';
import { pageReload } from './pageReload.ts';
import './consent.css';

/**
 * The consent screen: shown instead of the board until both the privacy
 * policy and the terms are accepted. Accept is enabled only when both are
 * ticked; success reloads the page.
 */
export function ConsentScreen() {
  const [privacy, setPrivacy] = useState(false);
  const [terms, setTerms] = useState(false);
  const [busy, setBusy] = useState(false);

  async function accept() {
    setBusy(true);
    try {
      const answer = await callEndpoint(
        api,
        'POST /api/acceptance',
        {},
        { privacyAccepted: true, tosAccepted: true },
      );
      if (answer?.ok) {
        pageReload.run();
        return;
      }
      void showAlert(ACCEPTANCE_SAVE_FAILED);
    } catch (err) {
      // The server answered but refused: "Failed…"; no answer at all: "Error…" (docs/product.md,
      // Messages).
      void showAlert(
        isApiError(err) && err.status !== undefined
          ? ACCEPTANCE_SAVE_FAILED
          : ACCEPTANCE_SAVE_ERROR,
      );
    }
    setBusy(false);
  }

  return (
    <section className="consent" aria-labelledby="consent-title">
      <h2 id="consent-title">Before you start</h2>
      <p className="consent__intro">
        Please read and accept how Brainboard handles your data and the rules for using it. You only
        need to do this once.
      </p>
      <form
        className="consent__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (privacy && terms && !busy) void accept();
        }}
      >
        <label className="check">
          <input
            type="checkbox"
            checked={privacy}
            onChange={(event) => setPrivacy(event.target.checked)}
          />
          <span>
            I accept the{' '}
            <a href="/privacy" target="_blank" rel="noopener" aria-describedby="consent-new-tab">
              Privacy Policy
              <span aria-hidden="true"> ↗</span>
            </a>
          </span>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={terms}
            onChange={(event) => setTerms(event.target.checked)}
          />
          <span>
            I accept the{' '}
            <a href="/tos" target="_blank" rel="noopener" aria-describedby="consent-new-tab">
              Terms of Service
              <span aria-hidden="true"> ↗</span>
            </a>
          </span>
        </label>
        <p id="consent-new-tab" hidden>
          Opens in a new tab
        </p>
        <button
          type="submit"
          className="button consent__accept"
          disabled={!privacy || !terms || busy}
        >
          {busy ? 'Saving…' : 'Accept'}
        </button>
      </form>
    </section>
  );
}
