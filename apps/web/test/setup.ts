import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// antd reads matchMedia (responsive grid, Descriptions); happy-dom has it, but keep tests
// independent of the environment's implementation details.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// No test talks to a server: a request a test did not stub fails inside that test, with the URL,
// instead of reaching whatever listens on localhost after the test has ended. (Assigned, not
// stubbed, so a test's vi.unstubAllGlobals() comes back to this.)
globalThis.fetch = (input: RequestInfo | URL) =>
  Promise.reject(new TypeError(`a web test sent a request it did not stub: ${String(input)}`));

// findBy*/waitFor give up after this long. Testing Library's 1 s default is shorter than a
// lazily loaded drawer takes to arrive (module load + Suspense) when the machine is shared with
// other work; the wait ends as soon as the element is there, so passing tests are no slower.
// 15 s: a whole console page's first render in jsdom took over 5 s at a load average of 15.
configure({ asyncUtilTimeout: 15_000 });

// Every test's rendering is unmounted before the next test, and before the file's environment is
// torn down: Testing Library cleans up by itself only where the test framework's hooks are
// globals, and these are imported. A picker left open kept scheduling animation frames after the
// window was gone (an uncaught "window is not defined" failed a whole run).
afterEach(cleanup);
