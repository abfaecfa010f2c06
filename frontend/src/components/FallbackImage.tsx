/**
 * An <img> with what shows when it cannot load: another image (`fallbackSrc`) or the `placeholder`
 * element rendered, hidden, right after it. The swap is done by the page's script on the image's
 * error (islands/instant.ts), so it works on server HTML and in the back office alike.
 */
import { cloneElement, type ImgHTMLAttributes, type ReactElement } from 'react';
import { SITE, attr } from '@shared/markup';

type Props = ImgHTMLAttributes<HTMLImageElement> & { fallbackSrc?: string; placeholder?: ReactElement<{ hidden?: boolean }> };

export function FallbackImage({ fallbackSrc, placeholder, ...img }: Props) {
  return (
    <>
      <img alt="" {...img} {...attr(SITE.fallback, fallbackSrc ?? '')} />
      {placeholder && cloneElement(placeholder, { hidden: true })}
    </>
  );
}
