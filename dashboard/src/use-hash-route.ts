import { useEffect, useState } from 'preact/hooks';
import { parseRoute, type Route } from './route.js';

/** The route of `location.hash`, updated on every hash change. */
export function useHashRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}

/** Moves focus to the page's heading, as a page load would for a screen reader. */
export function focusHeading(): void {
  document.querySelector<HTMLElement>('main h1')?.focus();
}
