import { Activity, useRef, type ReactNode } from 'react';
import { useMatches, useOutlet } from 'react-router';
import { isConsoleRouteHandle } from './route-objects';

/** How many kept pages stay in memory; the least recently shown one goes first. */
const MAX_KEPT = 8;

interface KeptPage {
  element: ReactNode;
  shownAt: number;
}

/**
 * The layout's outlet. Pages of keep-alive routes stay mounted inside React's <Activity> when the
 * user navigates away, hidden, so a list keeps its filters, page and scroll state (spec section 2:
 * "Some routes are kept alive"). Each path is kept separately (/noticemanger/message/0 and /1).
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const leaf = useMatches().at(-1);
  const kept = useRef(new Map<string, KeptPage>());
  const clock = useRef(0);

  const isKept = leaf !== undefined && isConsoleRouteHandle(leaf.handle) && leaf.handle.keepAlive;
  const currentKey = leaf?.pathname;
  if (isKept && currentKey !== undefined) {
    // set() on an existing key keeps its place, so kept pages never move in the DOM.
    kept.current.set(currentKey, { element: outlet, shownAt: ++clock.current });
    if (kept.current.size > MAX_KEPT) {
      const [oldest] = [...kept.current].reduce((a, b) => (b[1].shownAt < a[1].shownAt ? b : a));
      kept.current.delete(oldest);
    }
  }

  return (
    <>
      {[...kept.current].map(([key, page]) => (
        <Activity key={key} mode={isKept && key === currentKey ? 'visible' : 'hidden'}>
          {page.element}
        </Activity>
      ))}
      {isKept ? null : outlet}
    </>
  );
}
