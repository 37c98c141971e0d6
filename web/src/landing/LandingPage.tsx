import { Link } from 'react-router-dom';

/** SPEC §2 landing page (the full page comes with the app-shell issue). */
export function LandingPage() {
  return (
    <main className="page">
      <h1>Brainboard</h1>
      <p className="tagline">Every brain is welcome</p>
      <Link className="button" to="/login">
        Get Started
      </Link>
    </main>
  );
}
