/** A level's or lesson's icon, or a book glyph on the brand colour when none was uploaded (or it fails to load). */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { BookOpenRegular } from '@fluentui/react-icons';
import { FallbackImage } from '../../components/FallbackImage';

const useStyles = makeStyles({
  box: {
    width: '56px',
    height: '56px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusXLarge,
    display: 'grid',
    placeItems: 'center',
    overflow: 'hidden',
  },
  fallback: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground2, fontSize: '28px' },
  large: { width: '96px', height: '96px', fontSize: '48px' },
  img: { objectFit: 'cover' },
});

export function CourseIcon({ url, size = 'medium' }: { url?: string; size?: 'medium' | 'large' }) {
  const s = useStyles();
  const cls = mergeClasses(s.box, size === 'large' && s.large);
  const px = size === 'large' ? 96 : 56;
  const placeholder = (
    <span className={mergeClasses(cls, s.fallback)} aria-hidden>
      <BookOpenRegular />
    </span>
  );
  if (!url) return placeholder;
  return <FallbackImage src={url} width={px} height={px} className={mergeClasses(cls, s.img)} loading="lazy" placeholder={placeholder} />;
}
