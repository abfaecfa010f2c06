/** Document title and scroll position follow every route change (not the first render: the visitor may have scrolled already). */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { config } from '../config';
import { titleFor } from './title';

export function useRouteChrome() {
  const { pathname } = useLocation();
  const mounted = useRef(false);
  useEffect(() => {
    document.title = titleFor(pathname, config().productName);
    if (mounted.current) window.scrollTo(0, 0);
    mounted.current = true;
  }, [pathname]);
}
