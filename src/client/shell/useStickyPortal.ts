import { registerPortalRoot } from '@primer/react';
import { useLayoutEffect, useState } from 'react';
import classes from './Navbar.module.css';

const STICKY_PORTAL = 'sticky-navbar';

/**
 * The portal the navbar's menus and panels open in while the navbar is sticky: a fixed layer, so a menu
 * stays under its button when the page scrolls. In Primer's default layer (absolute, in the page's
 * coordinates) an open menu scrolled away with the page, then jumped back under the button at its next
 * render: a press on one item could be released over another. Undefined (Primer's default) for a navbar
 * that scrolls with the page.
 */
export function useStickyPortal(sticky: boolean): string | undefined {
  const [name, setName] = useState<string>();
  useLayoutEffect(() => {
    if (!sticky) return;
    const root = document.createElement('div');
    root.className = classes.stickyPortal;
    document.body.append(root);
    registerPortalRoot(root, STICKY_PORTAL);
    setName(STICKY_PORTAL);
    return () => {
      setName(undefined);
      root.remove();
    };
  }, [sticky]);
  return name;
}
