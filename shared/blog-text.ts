/**
 * The card text of a post: its excerpt, or the first 120 characters of the content
 * followed by '...'. Characters are code points, so an emoji is never cut in half. Shared by the
 * blog cards, the page head and the RSS feed.
 */
export const EXCERPT_CHARS = 120;

export const excerptOf = (post: { excerpt?: string | null; content: string }) =>
  post.excerpt?.trim() || `${Array.from(post.content).slice(0, EXCERPT_CHARS).join('')}...`;
