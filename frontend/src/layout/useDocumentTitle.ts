/** Title = path segments capitalised, joined by ' - ', then '| {product}'; the home page keeps the plain name. */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { config } from '../config';

export function titleFor(pathname: string, product: string) {
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (!segments.length) return product;
  const words = segments.map((s) => s.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()));
  return `${words.join(' - ')} | ${product}`;
}

export function useRouteChrome() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleFor(pathname, config().productName);
    window.scrollTo(0, 0);
  }, [pathname]);
}
