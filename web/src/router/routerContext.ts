import { createContext, useContext } from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

export interface RouterValue {
  location: Location;
  /** Move to an in-app path; paths under /api/ and other origins load as a page. */
  navigate(to: string, options?: NavigateOptions): void;
}

export const RouterContext = createContext<RouterValue | null>(null);

function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('Router hooks must be used inside <Router>.');
  return value;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): RouterValue['navigate'] {
  return useRouter().navigate;
}
