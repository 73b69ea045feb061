import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** The ALTCHA proof-of-work widget, a custom element registered by `import('altcha')`. */
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        /** URL of a fresh challenge. */
        challenge?: string;
        language?: string;
        auto?: 'off' | 'onfocus' | 'onload' | 'onsubmit';
      };
    }
  }
}
