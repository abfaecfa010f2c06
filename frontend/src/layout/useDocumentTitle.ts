/** Document title and scroll position follow every route change. */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { config } from '../config';
import { titleFor } from './title';

export function useRouteChrome() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleFor(pathname, config().productName);
    window.scrollTo(0, 0);
  }, [pathname]);
}
