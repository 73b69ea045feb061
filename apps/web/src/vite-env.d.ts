/// <reference types="vite/client" />

interface ImportMetaEnv {
  /**
   * Base URL of the mobile site (e.g. https://m.example.com). When set, phones are sent there
   * with the same path and query (spec §2). Unset: the desktop site is served to everyone.
   */
  readonly VITE_MOBILE_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
