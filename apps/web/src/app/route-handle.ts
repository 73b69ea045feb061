/** `handle` of a route: the page title shown in the browser tab. */
export interface RouteHandle {
  title?: string;
}

export function titleOf(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null) return undefined;
  const title = (handle as RouteHandle).title;
  return typeof title === 'string' ? title : undefined;
}
