import { useId, type ReactNode } from 'react';
import ui from './ui.module.css';

/**
 * A card of a page: a region named by its heading (so a screen reader can list and jump to it), `actions` beside the
 * heading, `wide` across both columns of the kit's card grid.
 */
export function Card({
  title,
  actions,
  wide = false,
  role,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
  /** `alert` for a card that appears to say something went wrong. */
  role?: 'alert';
  children?: ReactNode;
}) {
  const titleId = useId();
  const heading = (
    <h2 id={titleId} className={ui.cardTitle}>
      {title}
    </h2>
  );
  return (
    <section className={wide ? `${ui.card} ${ui.wide}` : ui.card} aria-labelledby={titleId} role={role}>
      {actions ? (
        <div className={ui.bar}>
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
