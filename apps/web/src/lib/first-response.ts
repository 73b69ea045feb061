import { FIRST_RESPONSE_ELEMENT_ID, normalizeCallUrl } from '@gemstock/contract';

/** The page address the document was loaded for: the server's answer belongs to it alone. */
const loadedAt = typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`;

/**
 * The answer the server sent inside the page to the page's first call (apps/server
 * src/plugins/web-app.ts), taken once, by the call it answers, while the visitor is still on the
 * page it came with. Null otherwise: the caller then asks the server as usual.
 */
export function takeFirstResponse(url: string): string | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(FIRST_RESPONSE_ELEMENT_ID);
  if (!element) return null;
  if (`${window.location.pathname}${window.location.search}` !== loadedAt) {
    element.remove(); // the visitor has moved on: the answer may be out of date by now
    return null;
  }
  const answers = element.dataset.url;
  if (!answers || normalizeCallUrl(answers) !== normalizeCallUrl(url)) return null;
  element.remove();
  return element.textContent;
}
