import { registerPortalRoot } from '@primer/react';
import classes from './Navbar.module.css';

const STICKY_PORTAL = 'sticky-navbar';

let registered = false;

/** The fixed layer itself: one per document, made the first time a sticky navbar asks for it. */
function stickyLayer(): string {
  if (!registered && typeof document !== 'undefined') {
    const root = document.createElement('div');
    root.className = classes.stickyPortal;
    document.body.append(root);
    registerPortalRoot(root, STICKY_PORTAL);
    registered = true;
  }
  return STICKY_PORTAL;
}

/**
 * The portal the navbar's menus and panels open in while the navbar is sticky: a fixed layer, so a menu
 * stays under its button when the page scrolls. In Primer's default layer (absolute, in the page's
 * coordinates) an open menu scrolled away with the page, then jumped back under the button at its next
 * render: a press on one item could be released over another. Undefined (Primer's default) for a navbar
 * that scrolls with the page.
 *
 * Known in the navbar's first render (the layer is made once, empty until a menu opens in it): set from
 * an effect instead, it re-rendered the whole navbar in the commit that first showed the page.
 */
export function useStickyPortal(sticky: boolean): string | undefined {
  return sticky ? stickyLayer() : undefined;
}
