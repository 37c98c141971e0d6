import './skeleton.css';

/**
 * What shows while a page's code, the sign-in state or the session loads, so the screen is never
 * blank: the app's header, "Loading Brainboard…" and, on the way to the board, the outline of
 * its three columns. It is not the loading screen ("Loading your dashboard" and its bubbles,
 * shown while the assignments load). index.html holds the same markup without the columns,
 * shown from the first paint until the app renders.
 */
export function PageSkeleton({ board = false }: { board?: boolean }) {
  return (
    <div className="page-skeleton">
      <div className="page-skeleton__header">
        <span className="page-skeleton__brand">Brainboard</span>
      </div>
      <p className="page-skeleton__status" role="status">
        Loading Brainboard…
      </p>
      {board && (
        <div className="page-skeleton__columns" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      )}
    </div>
  );
}
