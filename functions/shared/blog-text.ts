/** The card text of a post: its excerpt, or the first 120 characters of the content followed by '...' (spec section 9). */
export const excerptOf = (post: { excerpt?: string | null; content: string }) => post.excerpt?.trim() || `${post.content.slice(0, 120)}...`;
