import { type PathParams, pathTo, type Route } from '@limbic/protocol';

/** @throws TypeError when `value` is not a non-empty string. */
export function requireText(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new TypeError(`${name} must be a non-empty string`);
  return value;
}

/**
 * The method and path of a route of the protocol's table, its parameters URL-encoded.
 * @throws TypeError for an empty id (it would name another route).
 */
export function at<R extends Route>(
  route: R,
  params: Record<PathParams<R['path']>, string> = {} as Record<PathParams<R['path']>, string>,
): { method: R['method']; path: string } {
  for (const value of Object.values<string>(params)) requireText('id', value);
  return { method: route.method, path: pathTo(route, params) };
}
