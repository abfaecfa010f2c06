/**
 * The page a visitor sees when the render function cannot build the page asked for: a read it
 * needs failed (503, the database or a service is down: Retry-After says when to try again) or the
 * renderer failed (500, a defect). Self-contained HTML (no script, no data, inline styles the CSP
 * allows), never stored by any cache. While the origin fails, CloudFront keeps serving the last good
 * copy of every page it holds (`stale-if-error`): this page is seen only where it holds none.
 */
import { xmlEscape as escape } from './seo-xml.js';

export function failurePage(productName: string, path: string, outage: boolean): string {
  const name = escape(productName);
  return noticePage(productName, {
    title: outage ? 'Briefly unavailable' : 'Something went wrong',
    heading: outage ? "We'll be right back" : 'Something went wrong',
    text: [
      outage
        ? `${name} can't show this page right now: one of our services is briefly unavailable. Nothing you did caused it.`
        : `Something went wrong on our side while preparing this page. We have been told about it.`,
      'Please try again in a minute.',
    ],
    link: { href: path, label: 'Try again' },
  });
}

/**
 * A page with one message and one link, in the same self-contained form (a preview link that names
 * nothing). The title, heading and paragraphs are the code's own text (HTML); the link is escaped.
 */
export function noticePage(productName: string, p: { title: string; heading: string; text: string[]; link: { href: string; label: string } }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${p.title} | ${escape(productName)}</title>
<style>
body{margin:0;font-family:'Segoe UI',system-ui,-apple-system,sans-serif;color:#242424;background:#fafafa;line-height:1.5}
main{max-width:34rem;margin:0 auto;padding:18vh 1.5rem 2rem}
h1{font-size:1.75rem;line-height:1.25;margin:0 0 .75rem}
a{display:inline-block;margin-top:1rem;padding:.625rem 1.25rem;min-height:1.5rem;border-radius:4px;background:#0f6cbd;color:#fff;text-decoration:none;font-weight:600}
a:focus-visible{outline:2px solid #242424;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${p.heading}</h1>
${p.text.map((t) => `<p>${t}</p>`).join('\n')}
<a href="${escape(p.link.href)}">${escape(p.link.label)}</a>
</main>
</body>
</html>`;
}
