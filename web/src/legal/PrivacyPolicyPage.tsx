import { LEGAL_TERMS } from '@brainboard/domain';
import { Link } from '../router/router.tsx';
import { Contact, LegalPage } from './LegalPage.tsx';

const {
  consentLogRetentionYears,
  dataRetentionAfterDeletionDays,
  rightsRequestResponseDays,
  minimumAge,
} = LEGAL_TERMS;

/** Privacy Policy at /privacy (docs/product.md, Screens and Constants), in plain language. */
export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <section className="legal__summary" aria-labelledby="privacy-short">
        <h2 id="privacy-short">The short version</h2>
        <ul>
          <li>We keep your assignments so you can see them on every device. We never sell them.</li>
          <li>
            AI features are off until you turn them on. When you use one, the assignment details it
            needs go to our AI provider.
          </li>
          <li>
            Google Calendar gets an event only when you tick “Save to Google Calendar” on an
            assignment.
          </li>
          <li>
            You can delete your account at any time. Your data is gone within{' '}
            {dataRetentionAfterDeletionDays} days.
          </li>
          <li>You must be at least {minimumAge} years old to use Brainboard.</li>
        </ul>
      </section>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Your Google account basics:</strong> your name, email address and Google account
          ID, when you sign in with Google.
        </li>
        <li>
          <strong>What you put in Brainboard:</strong> assignments with their titles, descriptions,
          due dates and times, status, subtasks and notes, and PDF files you attach.
        </li>
        <li>
          <strong>AI history:</strong> your AI Help chats and Deep Dive results, so you can come
          back to them.
        </li>
        <li>
          <strong>Settings:</strong> whether AI Help and AI Deep Dive are on, and which version of
          Brainboard you last used (for the “What’s New” dialog).
        </li>
        <li>
          <strong>Consent records:</strong> when you accepted this policy and the Terms of Service,
          with your browser’s name and version.
        </li>
        <li>
          <strong>Calendar access:</strong> the permission you gave Google to let Brainboard add
          events. We keep it encrypted on our servers; it never goes back to your browser.
        </li>
      </ul>
      <p>
        Some things stay on your device only and never reach us: your theme, sound and vibration
        settings, the focus timer and a copy of your next task for when you are offline.
      </p>

      <h2>How we use it</h2>
      <p>
        Only to run Brainboard for you: to show and sync your board, run Focus Mode, answer AI
        requests you make, and add calendar events you ask for. We do not sell your data, show you
        ads, or use your assignments to build profiles about you.
      </p>

      <h2>What goes to the AI provider</h2>
      <p>
        AI Help, AI Deep Dive and AI subtask suggestions are off until you turn them on in Settings,
        and Brainboard asks you before the first use of each. When you use one, we send our AI
        provider (OpenAI, or a compatible service we choose) only what that request needs:
      </p>
      <ul>
        <li>the assignment’s title, description and existing subtasks;</li>
        <li>your chat messages and the earlier messages of that chat;</li>
        <li>the text of a PDF you attached to that request, if you attached one.</li>
      </ul>
      <p>
        We do not send your name, email address or any other assignment. The provider processes the
        request to write the answer and handles it under its own data terms. You can turn AI
        features off again in Settings at any time.
      </p>

      <h2>What goes to Google Calendar</h2>
      <p>
        When you sign in, Google asks whether Brainboard may add events to your calendar. If you
        allow it and tick “Save to Google Calendar” on an assignment, we send Google Calendar the
        assignment’s title, description and due date and time, to create or update that one event.
        We do not read, change or delete any other event in your calendar. You can take this
        permission back at any time in your Google Account settings.
      </p>

      <h2>Who else handles your data</h2>
      <p>
        Google (Firebase) hosts Brainboard and stores your data and files. The AI provider receives
        what is described above, only when you use an AI feature. We share data with anyone else
        only if the law requires it.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>Your data is kept while your account exists.</li>
        <li>
          When you delete your account (Settings, Danger Zone), your assignments, files, chats,
          settings and calendar permission are deleted. Copies in backups are gone within{' '}
          {dataRetentionAfterDeletionDays} days after deletion.
        </li>
        <li>
          Consent records are kept for {consentLogRetentionYears} years, even after you delete your
          account, so we can show that you agreed to these terms.
        </li>
      </ul>

      <h2>Your rights</h2>
      <p>
        You can ask to see, correct, export or delete your data, or ask us to stop using it. Write
        to <Contact /> and we will answer within {rightsRequestResponseDays} days. You can also
        delete your account yourself at any time in Settings.
      </p>

      <h2>Children</h2>
      <p>
        You must be at least {minimumAge} years old to use Brainboard. If you are younger, please do
        not sign up. If we learn that someone under {minimumAge} has an account, we delete it.
      </p>

      <h2>Security</h2>
      <p>
        Everything travels over encrypted connections, every request is checked against your
        sign-in, and your calendar permission is encrypted at rest.
      </p>

      <h2>Changes</h2>
      <p>
        If we change this policy in a way that matters, we will ask you to accept it again before
        you continue. See also our <Link to="/tos">Terms of Service</Link>.
      </p>

      <h2>Contact</h2>
      <p>
        Questions or requests: <Contact />.
      </p>
    </LegalPage>
  );
}
