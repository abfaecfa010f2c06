/** Title = path segments capitalised, joined by ' - ', then '| {product}'; the home page keeps the plain name. */
export function titleFor(pathname: string, product: string) {
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (!segments.length) return product;
  const words = segments.map((s) => s.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()));
  return `${words.join(' - ')} | ${product}`;
}
