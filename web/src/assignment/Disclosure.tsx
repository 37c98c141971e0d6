import { useId, useState, type ReactNode } from 'react';

/**
 * A collapsible section: a heading with a toggle button; the content stays mounted. While it
 * is closed, `summary` (when given) says what it holds, so nothing inside goes unnoticed.
 */
export function Disclosure({
  title,
  defaultOpen = false,
  summary,
  children,
}: {
  title: string;
  defaultOpen?: boolean;
  summary?: string | undefined;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section className="disclosure">
      <h3 className="disclosure__heading">
        <button
          type="button"
          className="disclosure__toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          <svg
            className="disclosure__chevron"
            width="16"
            height="16"
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
          {title}
        </button>
        {!open && summary && <span className="disclosure__summary">{summary}</span>}
      </h3>
      <div id={id} className="disclosure__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
