/**
 * The <head> of a server-rendered page: the title (path segments capitalised, joined by ' - ', then '| {product}'), a description, the canonical URL,
 * Open Graph and Twitter cards (lesson or level icon, post image, hero image as fallback) and
 * JSON-LD (BreadcrumbList on course pages, LearningResource on lessons, BlogPosting on posts).
 * Pure: built from the same API answers the page renders from.
 */
import type { Params } from 'react-router-dom';
import { okBody, type ApiAnswer, type PublicConfig } from '@shared/render';
import type { BlogPostPage } from '@shared/contracts/blog';
import type { Language } from '@shared/contracts/languages';
import type { LanguagePage, LessonPage, LevelPage } from '@shared/contracts/pages';
import type { SiteSettings } from '@shared/contracts/settings';
import { FALLBACK_FAVICON } from '@shared/settings-defaults';
import { MANIFEST_PATH } from '@shared/manifest';
import { excerptOf } from '../api/blog';
import { keys } from '../api/keys';
import { fillRoute, pages, siteUrl } from '@shared/urls';
import { titleFor } from '../layout/title';
import { languageTag } from '../pages/course/languageTag';
import { SITE } from '@shared/markup';

export interface HeadInput {
  pathname: string;
  /** The matched route's path pattern, e.g. `/:language/:level`. */
  route: string;
  params: Params;
  status: number;
  origin: string;
  config: PublicConfig;
  answers: Record<string, ApiAnswer>;
  /** Not for search engines (the /search page): noindex, no canonical. */
  noindex?: boolean;
}

interface Meta {
  description: string;
  image?: string;
  type?: 'website' | 'article';
  jsonLd?: object[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** At most `n` characters; characters are code points (as excerptOf's), so an emoji is never cut in half. */
const clip = (s: string, n = 160) => {
  const chars = Array.from(s);
  const kept = chars.slice(0, n - 1).join('');
  return chars.length > n ? `${kept.trimEnd()}…` : s;
};

const STATIC: Record<string, string> = {
  [pages.languages]: 'Choose a language and learn practical everyday phrases with audio, level by level.',
  [pages.download]: 'Get the free mobile app: learn offline, track your progress and practise pronunciation.',
  [pages.blog]: 'Language learning tips and updates.',
  [pages.faq]: 'Answers to common questions about lessons, accounts, premium and technical issues.',
  [pages.support]: 'Contact our support team: we will get back to you soon.',
  [pages.privacyPolicy]: 'How we handle your data and the storage this site uses.',
  [pages.termsOfUse]: 'The terms for using this site and its lessons.',
  [pages.lockedContent]: 'This content is available for free in our mobile app.',
  [pages.review]: 'Review the phrases you practised when they are due, so you remember them.',
  [pages.offline]: 'The lessons downloaded on this device, to open, play and practise with no connection.',
  [pages.search]: 'Find a phrase or a lesson by a word, with or without its accents.',
};

function crumbs(origin: string, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: siteUrl(origin, it.path) })),
  };
}

function metaFor(input: HeadInput, settings: SiteSettings | undefined): Meta {
  const { route, params, answers, origin, config } = input;
  const body = (key: string) => okBody(answers, key);
  const lang = (l: Language) => ({ name: l.name, path: pages.language(l.id) });
  switch (route) {
    case '/': {
      const languages = (body(keys.languages) as Language[] | undefined) ?? [];
      const names = languages.map((l) => l.name).join(', ');
      return { description: clip(`Learn practical everyday phrases with audio, one lesson at a time${names ? `, in ${names}` : ''}.`) };
    }
    case '/:language': {
      const page = body(keys.languagePage(params.language ?? '')) as LanguagePage | undefined;
      if (!page) break;
      const levels = page.levels.map((l) => `${l.title} (${l.cefr_label})`).join(', ');
      return {
        description: clip(`Learn ${page.language.name} with everyday phrases and audio${levels ? `: ${levels}` : ''}.`),
        image: page.language.flag_url,
        jsonLd: [crumbs(origin, [lang(page.language)])],
      };
    }
    case '/:language/:level': {
      const page = body(keys.levelPage(params.language ?? '', params.level ?? '')) as LevelPage | undefined;
      if (!page) break;
      const lessons = page.lessons.map((l) => l.title).join(', ');
      return {
        description: clip(`${page.language.name} ${page.level.title} (${page.level.cefr_label}) lessons${lessons ? `: ${lessons}` : ''}.`),
        image: page.level.icon_url || undefined,
        jsonLd: [crumbs(origin, [lang(page.language), { name: page.level.title, path: pages.level(page.language.id, page.level.id) }])],
      };
    }
    case '/:language/:level/:lesson': {
      const page = body(keys.lessonPage(params.language ?? '', params.level ?? '', params.lesson ?? '')) as LessonPage | undefined;
      if (!page) break;
      const { language, level, lesson, groups } = page;
      const title = lesson.translated_title || lesson.title;
      const first = groups
        .flatMap((g) => g.phrases)
        .slice(0, 3)
        .map((p) => p.original_text);
      const path = pages.lesson(language.id, level.id, lesson.id);
      return {
        description: clip(
          `${title}: everyday ${language.name} phrases with audio (${level.title}, ${level.cefr_label})${first.length ? `, such as ${first.join(', ')}` : ''}.`,
        ),
        image: lesson.icon_url || level.icon_url || undefined,
        jsonLd: [
          crumbs(origin, [lang(language), { name: level.title, path: pages.level(language.id, level.id) }, { name: title, path }]),
          {
            '@context': 'https://schema.org',
            '@type': 'LearningResource',
            name: title,
            url: siteUrl(origin, path),
            inLanguage: languageTag(language), // BCP 47 ('es'); left out for a language without a known tag
            educationalLevel: level.cefr_label,
            learningResourceType: 'Lesson',
            isAccessibleForFree: true,
            provider: { '@type': 'Organization', name: config.productName, url: origin },
          },
        ],
      };
    }
    case '/:language/:level/:lesson/practice': {
      const page = body(keys.lessonPage(params.language ?? '', params.level ?? '', params.lesson ?? '')) as LessonPage | undefined;
      if (!page) break;
      const title = page.lesson.translated_title || page.lesson.title;
      return {
        description: clip(`Practise ${title} (${page.language.name}, ${page.level.cefr_label}): hear each phrase, recall it, and review it when it is due.`),
        image: page.lesson.icon_url || page.level.icon_url || undefined,
      };
    }
    case '/blog/:slug': {
      const page = body(keys.post(params.slug ?? '')) as BlogPostPage | undefined;
      if (!page) break;
      const { post } = page;
      return {
        description: clip(excerptOf(post)),
        image: post.featured_image ?? undefined,
        type: 'article',
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'BlogPosting',
            headline: post.title,
            datePublished: post.created_at,
            dateModified: post.updated_at,
            author: { '@type': 'Person', name: 'Admin' },
            publisher: { '@type': 'Organization', name: config.productName, url: origin },
            ...(post.featured_image ? { image: absolute(origin, post.featured_image) } : {}),
            mainEntityOfPage: siteUrl(origin, pages.post(post.slug)),
          },
        ],
      };
    }
  }
  if (STATIC[route]) return { description: STATIC[route] };
  return { description: settings?.about_content ? clip(settings.about_content) : 'Learn practical everyday phrases with audio, one lesson at a time.' };
}

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : siteUrl(origin, url));

/** The settings' favicon (the page's script falls back to the parrot when it cannot load), or the built-in one. */
export const favicon = (href?: string) =>
  href ? `<link rel="icon" href="${esc(href)}" ${SITE.fallback}="${FALLBACK_FAVICON}">` : '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';

export function headFor(input: HeadInput): string {
  const { pathname, origin, config, status, answers } = input;
  const settings = okBody(answers, keys.settings) as SiteSettings | undefined;
  const title = titleFor(pathname, config.productName);
  const meta = status === 404 ? { description: 'Page not found.' } : metaFor(input, settings);
  const image = meta.image || settings?.hero_image || undefined;
  // A page with params is named by them (one encoding, whatever spelling the request used).
  const url = siteUrl(origin, input.route.includes(':') ? fillRoute(input.route, input.params) : pathname);
  const tags = [
    favicon(settings?.favicon),
    `<link rel="manifest" href="${MANIFEST_PATH}">`,
    `<title>${esc(title)}</title>`,
    `<meta name="description" content="${esc(meta.description)}">`,
    status === 404 || input.noindex ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${esc(url)}">`,
    `<meta property="og:site_name" content="${esc(config.productName)}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:title" content="${esc(title)}">`,
    `<meta property="og:description" content="${esc(meta.description)}">`,
    `<meta property="og:url" content="${esc(url)}">`,
    ...(image ? [`<meta property="og:image" content="${esc(absolute(origin, image))}">`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    ...(meta.jsonLd ?? []).map((d) => `<script type="application/ld+json">${JSON.stringify(d).replace(/</g, '\\u003c')}</script>`),
  ];
  return tags.join('');
}
