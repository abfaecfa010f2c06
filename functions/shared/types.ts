/** Shapes the API returns, shared with the frontend. */
export interface Language {
  id: string;
  name: string;
  flag_url: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface ApiError {
  message: string;
  fields?: Record<string, string>;
}
