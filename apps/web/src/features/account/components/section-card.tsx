import type { ReactNode } from 'react';

/** A white card with a title row, used by the account pages. */
export function SectionCard({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="gs-card" style={{ padding: 24, marginBottom: 16 }}>
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16, gap: 12 }}
      >
        <h5 className="gs-section-title" style={{ margin: 0 }}>
          {title}
        </h5>
        {extra}
      </div>
      {children}
    </section>
  );
}
