/** The back office's page-view counts (the tracker that sends them is frontend/src/analytics). */
import useSWR from 'swr';
import type { AnalyticsDay } from '@shared/contracts/analytics';
import { authedFetcher } from './client';
import { api } from '@shared/urls';

export const useAnalytics = () => useSWR<AnalyticsDay[], Error>(api.adminAnalytics, authedFetcher);
