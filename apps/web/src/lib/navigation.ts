/**
 * A bridge from code outside React (the api-client's logout policy, route guards) to the
 * router. The app registers the router's navigate on start-up.
 */
type Navigator = (to: string) => void;

let navigator: Navigator = (to) => {
  window.location.assign(to);
};
let committedLocations = 0;

export function setNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(to: string): void {
  navigator(to);
}

/** Called once per committed location by the root layout. */
export function markLocationCommitted(): void {
  committedLocations += 1;
}

/**
 * Whether the visitor reached the current navigation from another in-app route. /customize
 * needs one (spec §2: entered directly, it goes home).
 */
export function hasInAppHistory(): boolean {
  return committedLocations > 0;
}

/** The current in-app address (path + query), for "go there after login". */
export function currentAppPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}
