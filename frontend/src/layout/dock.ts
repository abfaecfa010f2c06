/** The phones' dock, fixed at the bottom under 768 px: its rows' heights (px), which what sits above it leaves room for. */
export const DOCK = { tabBar: 57, promo: 49 } as const;
