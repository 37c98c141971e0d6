import { useState } from 'react';
import { Link } from '../router/router.tsx';
import { readSessionHint } from '../data/storage.ts';
import { GOOGLE_SIGN_IN_PATH } from '../auth/googleSignIn.ts';
import { ThemeToggle } from '../theme/ThemeToggle.tsx';
import { FEATURES } from './features.ts';
import { ImageViewer, type ViewedImage } from './ImageViewer.tsx';
import './landing.css';

function Logo() {
  return (
    <svg className="landing__logo" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--primary)" />
      <g fill="var(--primary-fg)">
        <rect x="12" y="14" width="11" height="36" rx="3" />
        <rect x="27" y="14" width="11" height="24" rx="3" />
        <rect x="42" y="14" width="11" height="30" rx="3" />
      </g>
    </svg>
  );
}

/**
 * The landing page: hero, four feature sections whose images open a
 * full-size viewer, and a closing call to action. Its buttons go to the
 * dashboard when a user was signed in here, otherwise to Google sign-in.
 */
export function LandingPage() {
  const [viewed, setViewed] = useState<ViewedImage | null>(null);
  const start = readSessionHint() ? '/dashboard' : GOOGLE_SIGN_IN_PATH;

  return (
    <div className="landing">
      <header className="landing__bar">
        <span className="landing__brand">
          <Logo />
          Brainboard
        </span>
        <ThemeToggle />
      </header>

      <main id="main" className="landing__main">
        <section className="landing__hero" aria-labelledby="landing-title">
          <h1 id="landing-title" className="landing__title">
            Brainboard
          </h1>
          <p className="tagline landing__tagline">Every brain is welcome</p>
          <p className="landing__lead">
            A calm home for your assignments: one simple board, a 25-minute focus timer, gentle
            deadline cues and AI help when you ask for it.
          </p>
          <Link className="button landing__start" to={start}>
            Get Started
          </Link>
        </section>

        {FEATURES.map((feature, index) => (
          <section
            key={feature.id}
            className={`feature${index % 2 ? ' feature--flip' : ''}`}
            aria-labelledby={`feature-${feature.id}`}
          >
            <div className="feature__text">
              <h2 id={`feature-${feature.id}`}>{feature.title}</h2>
              <p>{feature.text}</p>
            </div>
            <button
              type="button"
              className="feature__image"
              aria-label={`View full size: ${feature.alt}`}
              onClick={() =>
                setViewed({ src: feature.image, alt: feature.alt, caption: feature.title })
              }
            >
              <img
                src={feature.image}
                alt={feature.alt}
                width={640}
                height={400}
                loading="lazy"
                decoding="async"
              />
              <span className="feature__zoom" aria-hidden="true">
                <span className="feature__zoom-icon">⤢</span> View full size
              </span>
            </button>
          </section>
        ))}

        <section className="landing__closing" aria-labelledby="landing-closing">
          <h2 id="landing-closing">Ready when you are</h2>
          <p>Sign in with Google and add your first assignment in under a minute.</p>
          <Link className="button landing__start" to={start}>
            Get Started
          </Link>
        </section>
      </main>

      <footer className="landing__footer">
        <Link to="/privacy">Privacy Policy</Link>
        <Link to="/tos">Terms of Service</Link>
      </footer>

      <ImageViewer image={viewed} onClose={() => setViewed(null)} />
    </div>
  );
}
