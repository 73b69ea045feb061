import type { ReactNode } from 'react';

/** antd Typography.Title level 5, without loading antd (the sub-account page is light). */
const TITLE_STYLE = { margin: 0, fontSize: 16, fontWeight: 600, lineHeight: 1.5, color: 'rgba(0, 0, 0, 0.88)' };

/** A white card with a title row, used by the account pages. */
export function SectionCard({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="gs-card" style={{ padding: 24, marginBottom: 16 }}>
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16, gap: 12 }}
      >
        <h5 style={TITLE_STYLE}>{title}</h5>
        {extra}
      </div>
      {children}
    </section>
  );
}
