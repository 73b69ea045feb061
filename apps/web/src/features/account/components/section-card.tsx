import type { ReactNode } from 'react';
import './section-card.css';

/** A white card with a title row, used by the account pages. */
export function SectionCard({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="gs-card gs-section-card">
      <div className="gs-section-card__head">
        <h5 className="gs-section-card__title">{title}</h5>
        {extra}
      </div>
      {children}
    </section>
  );
}
