/**
 * Logo and favicon from the site settings: the logo falls back to the built-in parrot, and the
 * favicon link is pointed at settings.favicon (or back to the parrot if that image fails to load).
 */
import { useEffect } from 'react';
import { FALLBACK_FAVICON } from '@shared/settings-defaults';
import { useSettings } from '../api/settings';
import { FallbackImage } from '../components/FallbackImage';

const BUILT_IN_LOGO = '/favicon.svg';

/** `size`: the logo's height in px; its width follows the image (square until it loads: the built-in parrot's shape). */
export function SiteLogo({ className, size = 32 }: { className?: string; size?: number }) {
  const { settings } = useSettings();
  return <FallbackImage src={settings.logo || BUILT_IN_LOGO} fallbackSrc={BUILT_IN_LOGO} width={size} height={size} className={className} />;
}

function setFaviconHref(href: string) {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') === href) return;
  link.removeAttribute('type'); // the configured icon may be PNG or ICO, not only SVG
  link.href = href;
}

export function useFavicon() {
  const { settings } = useSettings();
  const wanted = settings.favicon;
  useEffect(() => {
    if (!wanted) return;
    // Probe the image first: a broken favicon URL would otherwise leave the tab without an icon.
    const probe = new Image();
    probe.onload = () => setFaviconHref(wanted);
    probe.onerror = () => setFaviconHref(FALLBACK_FAVICON);
    probe.src = wanted;
    return () => {
      probe.onload = probe.onerror = null;
    };
  }, [wanted]);
}
