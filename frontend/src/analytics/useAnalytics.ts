/** Starts the analytics client once and records a page_view on every route change. */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { initAnalytics, pageView } from './client';

export function useAnalytics() {
  const { pathname } = useLocation();
  useEffect(() => initAnalytics(), []);
  useEffect(() => pageView(), [pathname]);
}
