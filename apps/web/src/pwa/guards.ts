/**
 * Platform guards (001 §9): the browser back button does not leave the panel, and a pull-down touch move does
 * not reload it.
 */

/** Pushes a history entry and pushes it again whenever the user goes back. */
export function installBackGuard(win: Window = window): () => void {
  const push = () => win.history.pushState({ panelGuard: true }, '', win.location.href);
  push();
  const onPopState = () => push();
  win.addEventListener('popstate', onPopState);
  return () => win.removeEventListener('popstate', onPopState);
}

function scrolledAncestor(target: EventTarget | null): boolean {
  for (let el = target instanceof Element ? target : null; el; el = el.parentElement) {
    if (el.scrollTop > 0) return true;
  }
  return false;
}

/** `overscroll-behavior: none` on the page and a touchmove guard for browsers that ignore it. */
export function installPullToRefreshGuard(doc: Document = document): () => void {
  doc.documentElement.style.overscrollBehavior = 'none';
  doc.body.style.overscrollBehavior = 'none';
  let startX = 0;
  let startY = 0;
  const onStart = (event: TouchEvent) => {
    startX = event.touches[0]?.clientX ?? 0;
    startY = event.touches[0]?.clientY ?? 0;
  };
  const onMove = (event: TouchEvent) => {
    if (event.touches.length !== 1 || !event.cancelable) return;
    const dy = (event.touches[0]?.clientY ?? 0) - startY;
    const dx = (event.touches[0]?.clientX ?? 0) - startX;
    const pullingDown = dy > 0 && dy > Math.abs(dx);
    const atTop = (doc.scrollingElement?.scrollTop ?? 0) <= 0 && !scrolledAncestor(event.target);
    if (pullingDown && atTop) event.preventDefault();
  };
  doc.addEventListener('touchstart', onStart, { passive: true });
  doc.addEventListener('touchmove', onMove, { passive: false });
  return () => {
    doc.removeEventListener('touchstart', onStart);
    doc.removeEventListener('touchmove', onMove);
  };
}
