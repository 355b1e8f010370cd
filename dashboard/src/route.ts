/** The dashboard's screens, addressed by the URL hash so that a reload lands on the same one. */
export type Route =
  | { name: 'keys' }
  | { name: 'sessions' }
  | { name: 'session'; sessionId: string }
  | { name: 'webhooks' }
  | { name: 'not-found'; hash: string };

/** Reads a route from `location.hash`: `#/keys`, `#/sessions`, `#/sessions/<id>`, `#/webhooks`; empty means `#/keys`. */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '').replace(/\/+$/, '');
  if (path === '' || path === '/keys') return { name: 'keys' };
  if (path === '/sessions') return { name: 'sessions' };
  if (path === '/webhooks') return { name: 'webhooks' };
  const session = /^\/sessions\/([^/]+)$/.exec(path);
  if (session?.[1]) {
    try {
      return { name: 'session', sessionId: decodeURIComponent(session[1]) };
    } catch {
      return { name: 'not-found', hash };
    }
  }
  return { name: 'not-found', hash };
}

/** The hash of a route, for links: `toHash({ name: 'session', sessionId })` is `#/sessions/<id>`. */
export function toHash(route: Exclude<Route, { name: 'not-found' }>): string {
  switch (route.name) {
    case 'keys':
      return '#/keys';
    case 'sessions':
      return '#/sessions';
    case 'session':
      return `#/sessions/${encodeURIComponent(route.sessionId)}`;
    case 'webhooks':
      return '#/webhooks';
  }
}
