/**
 * The web app's one way to write to the browser console (lint forbids console elsewhere).
 * Spec §8: some failures, such as the initial user load, are only logged.
 */
export function logError(message: string, error?: unknown): void {
  // eslint-disable-next-line no-console
  console.error(message, error);
}
