/**
 * The slide-out menu of narrow screens (the public header's, the back office's sections): a drawer
 * with a title, a 44 px 'Close menu' button and a nav of links. It mounts on first use: a mounted
 * Fluent Dialog/Drawer (open or not) turns on Tabster's modalizer, which puts aria-hidden yet
 * focusable sentinels around the page (axe and Lighthouse: aria-hidden-focus on every page). Once
 * opened it stays mounted, for its closing animation. A route change closes it.
 */
import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, makeStyles, OverlayDrawer, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

export const useMenuDrawerStyles = makeStyles({
  nav: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  // The drawer is portalled outside #root, so index.html's phone touch-target rule does not reach it: 44 px here.
  link: {
    display: 'flex',
    alignItems: 'center',
    minHeight: '44px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  close: { minWidth: '44px', minHeight: '44px' },
});

/** The menu's state, for its button (`show`, `open`) and for MenuDrawer. */
export function useMenu() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  const show = () => {
    setUsed(true);
    setOpen(true);
  };
  return { open, used, setOpen, show };
}

export function MenuDrawer(props: {
  menu: ReturnType<typeof useMenu>;
  position: 'start' | 'end';
  /** The drawer's accessible name. */
  label: string;
  title: ReactNode;
  /** The nav's accessible name. */
  navLabel: string;
  children: ReactNode;
}) {
  const s = useMenuDrawerStyles();
  const { menu } = props;
  if (!menu.used) return null;
  return (
    <OverlayDrawer position={props.position} open={menu.open} onOpenChange={(_, d) => menu.setOpen(d.open)} aria-label={props.label}>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" aria-label="Close menu" icon={<DismissRegular />} className={s.close} onClick={() => menu.setOpen(false)} />}
        >
          {props.title}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <nav aria-label={props.navLabel} className={s.nav}>
          {props.children}
        </nav>
      </DrawerBody>
    </OverlayDrawer>
  );
}
