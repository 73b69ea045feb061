/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input in
 * between. A phone spends a few hundred milliseconds starting the app; cut into tasks it never
 * holds a tap that long. `scheduler.yield` resumes ahead of other queued work where it exists.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
