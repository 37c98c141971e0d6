import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { isPlainClick } from './plainClick.ts';
import { RouterContext, useNavigate, type Location, type RouterValue } from './routerContext.ts';

/*
 * A tiny History-API router: the app has five routes and needs no nesting,
 * loaders or matching. react-router-dom cost ~13.5 KB gzip of the landing
 * page's 80 KB budget; this costs well under 1 KB.
 */

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/** Provides the location and navigate() to the tree; follows Back and Forward. */
export function Router({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState<Location>(currentLocation);
  const moved = useRef(false);

  useEffect(() => {
    const onPop = () => setLocation(currentLocation());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback<RouterValue['navigate']>((to, options) => {
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) {
      // Server paths (sign-in) and other sites are real page loads.
      window.location.assign(url.href);
      return;
    }
    if (options?.replace) {
      window.history.replaceState(null, '', url.href);
    } else if (url.href !== window.location.href) {
      window.history.pushState(null, '', url.href);
      moved.current = true;
    }
    setLocation(currentLocation());
  }, []);

  // After a user-initiated move, start at the top and put keyboard and screen-reader
  // focus on the new page's main region, as a full page load would.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    if (!location.hash) window.scrollTo?.(0, 0);
    const main = document.querySelector<HTMLElement>('main');
    if (main) {
      if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
      main.focus({ preventScroll: true });
    }
  }, [location]);

  const value = useMemo<RouterValue>(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** Replaces the current entry with `to` as soon as it renders. */
export function Navigate({ to }: { to: string }) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An ordinary link that moves inside the app without a page load. */
export function Link({ to, onClick, children, ...rest }: LinkProps) {
  const navigate = useNavigate();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!isPlainClick(event) || (rest.target && rest.target !== '_self')) return;
    event.preventDefault();
    navigate(to);
  }
  return (
    <a href={to} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}
