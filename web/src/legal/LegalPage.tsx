import type { ReactNode } from 'react';
import { Link } from '../router/router.tsx';
import { ThemeToggle } from '../theme/ThemeToggle.tsx';
import './legal.css';

/** (ours) Where people write about privacy, rights requests and arbitration opt-outs. */
const LEGAL_CONTACT_EMAIL = 'privacy@brainboard.app';
/** The date the current texts took effect. */
const LEGAL_UPDATED = 'November 21, 2026';

/** Shared frame of the Privacy Policy and the Terms of Service: public, no Firebase. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="legal">
      <header className="legal__bar">
        <Link to="/" className="legal__home">
          Brainboard
        </Link>
        <ThemeToggle />
      </header>
      <main id="main" className="legal__main">
        <h1>{title}</h1>
        <p className="legal__updated">Last updated: {LEGAL_UPDATED}</p>
        {children}
      </main>
      <footer className="legal__footer">
        <Link to="/privacy">Privacy Policy</Link>
        <Link to="/tos">Terms of Service</Link>
        <Link to="/">Home</Link>
      </footer>
    </div>
  );
}

export function Contact() {
  return <a href={`mailto:${LEGAL_CONTACT_EMAIL}`}>{LEGAL_CONTACT_EMAIL}</a>;
}
