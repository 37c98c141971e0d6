import { useEffect, useRef } from 'react';
import { useNavigate } from '../router/routerContext.ts';
import { renderLanding } from './landingPage.ts';

/**
 * The landing page inside the app (a visitor who comes back to "/"): the same page the entry
 * draws without React (landingPage.ts), here drawn into this element, its links moving with the
 * app's router.
 */
export function LandingPage() {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (!ref.current) return;
    return renderLanding(ref.current, (to) => navigate(to));
  }, [navigate]);
  return <div ref={ref} />;
}
