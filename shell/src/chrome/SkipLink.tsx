import styles from './SkipLink.module.css';

/**
 * The first Tab stop of a layout: past the header's, the customer bar's or the panel menu's links straight to the
 * page (WCAG 2.4.1). Out of sight until focused. Without scripts it is a plain link to the page's element.
 */
export function SkipLink({ target, children }: { target: string; children: string }) {
  return (
    <a
      href={`#${target}`}
      className={styles.skipLink}
      // With scripts, focus moves without putting the target into the address (where a hash means an overlay).
      onClick={(event) => {
        const element = document.getElementById(target);
        if (!element) return;
        event.preventDefault();
        element.focus();
      }}
    >
      {children}
    </a>
  );
}
