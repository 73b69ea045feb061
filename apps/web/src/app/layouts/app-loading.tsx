/** Shown while the first user load and the first page's code are in flight. Plain CSS: it paints before any component library has loaded. */
export function AppLoading() {
  return (
    <div className="gs-app-loading" role="status">
      <span className="gs-spinner" aria-hidden />
      <span>宝图加载中…</span>
    </div>
  );
}
