import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useMemo } from 'react';

/**
 * The OpenAPI document drawn by Scalar, under the site's CSP as it is: the system's fonts (which
 * read Chinese) instead of Scalar's web fonts, no telemetry, no AI agent or MCP, no request
 * client; nothing is fetched from another origin (decision 0044).
 */
export default function ApiReference({ document }: { document: Record<string, unknown> }) {
  const configuration = useMemo(
    () => ({
      content: document,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      hideClientButton: true,
      hideTestRequestButton: true,
      hideDarkModeToggle: true,
      forceDarkModeState: 'light' as const,
      showDeveloperTools: 'never' as const,
      operationTitleSource: 'summary' as const,
      documentDownloadType: 'json' as const,
    }),
    [document],
  );
  return <ApiReferenceReact configuration={configuration} />;
}
