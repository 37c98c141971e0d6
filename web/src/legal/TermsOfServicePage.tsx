import { LEGAL_TERMS } from '@brainboard/domain';
import { Link } from '../router/router.tsx';
import { Contact, LegalPage } from './LegalPage.tsx';

const { dataRetentionAfterDeletionDays, minimumAge, liabilityCapUsd, arbitrationOptOutDays } =
  LEGAL_TERMS;

/** Terms of Service at /tos (docs/product.md, Screens and Constants), in plain language. */
export function TermsOfServicePage() {
  return (
    <LegalPage title="Terms of Service">
      <section className="legal__summary" aria-labelledby="tos-short">
        <h2 id="tos-short">The short version</h2>
        <ul>
          <li>You must be at least {minimumAge} years old.</li>
          <li>Your assignments are yours. Use Brainboard fairly and follow your school’s rules.</li>
          <li>AI answers can be wrong: check them before you rely on them.</li>
          <li>
            If something goes wrong, our total responsibility to you is limited to US $
            {liabilityCapUsd}.
          </li>
          <li>
            Disputes go to individual arbitration, unless you opt out within {arbitrationOptOutDays}{' '}
            days.
          </li>
        </ul>
      </section>

      <h2>Agreeing to these terms</h2>
      <p>
        By using Brainboard you agree to these terms and to our{' '}
        <Link to="/privacy">Privacy Policy</Link>. If you do not agree, please do not use
        Brainboard.
      </p>

      <h2>Who can use Brainboard</h2>
      <p>
        You must be at least {minimumAge} years old. If you are under the age of adulthood where you
        live, you need a parent’s or guardian’s permission.
      </p>

      <h2>Your account</h2>
      <p>
        You sign in with your Google account. Keep it secure: whatever happens through your account
        is your responsibility. Tell us at <Contact /> if you think someone else is using it.
      </p>

      <h2>Your content</h2>
      <p>
        Everything you add (assignments, subtasks, notes, files and chats) stays yours. You allow us
        to store and process it only to run Brainboard for you, as the Privacy Policy explains.
      </p>

      <h2>Using Brainboard fairly</h2>
      <ul>
        <li>Do not break the law, or upload anything you have no right to share.</li>
        <li>Do not try to reach other people’s data, or to overload or break the service.</li>
        <li>
          Follow your school’s rules on academic honesty, including its rules on using AI for
          coursework.
        </li>
      </ul>

      <h2>AI features</h2>
      <p>
        AI Help, AI Deep Dive and AI subtask suggestions are optional and off until you turn them
        on. When you use them, the details of that request go to our AI provider (see the Privacy
        Policy). AI answers can be incomplete or wrong: treat them as suggestions and check anything
        important.
      </p>

      <h2>Google Calendar</h2>
      <p>
        If you allow calendar access and choose “Save to Google Calendar”, Brainboard adds or
        updates that assignment’s event in your calendar. Google’s own terms apply to your Google
        account and calendar.
      </p>

      <h2>Ending your account</h2>
      <p>
        You can delete your account at any time in Settings, under Danger Zone. Your data is then
        deleted, and gone from backups within {dataRetentionAfterDeletionDays} days. We may suspend
        an account that breaks these terms, and will tell you why when we can.
      </p>

      <h2>The service as it is</h2>
      <p>
        We work hard to keep Brainboard running and your data safe, but we provide it “as is”,
        without promises that it will always be available, error-free or fit for a particular
        purpose. Keep your own copy of anything you cannot afford to lose.
      </p>

      <h2>Limit of liability</h2>
      <p>
        As far as the law allows, we are not responsible for indirect or follow-on losses (such as a
        missed deadline or a lower grade), and our total responsibility to you for any claim is
        limited to US ${liabilityCapUsd}. Some places do not allow these limits; there, they apply
        only as far as the law permits.
      </p>

      <h2>Disputes and arbitration</h2>
      <p>
        If we disagree, please contact us first at <Contact />; most problems can be solved that
        way. If not, disputes will be settled by binding individual arbitration instead of in court,
        and not as part of a class action. You can opt out of arbitration by emailing us within{' '}
        {arbitrationOptOutDays} days of first accepting these terms; you then keep your right to go
        to court.
      </p>

      <h2>Changes to these terms</h2>
      <p>
        If we change these terms in a way that matters, we will ask you to accept them again before
        you continue using Brainboard.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about these terms: <Contact />.
      </p>
    </LegalPage>
  );
}
