/** A level or lesson icon, or a neutral placeholder when it has none (icon_url may be empty). */
import { makeStyles, tokens } from '@fluentui/react-components';
import { BookOpenRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  box: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    overflow: 'hidden',
  },
  img: { width: '100%', height: '100%', objectFit: 'contain' },
});

export function CourseIcon({ url, size = 40 }: { url: string; size?: number }) {
  const s = useStyles();
  return (
    <span className={s.box} style={{ width: size, height: size, fontSize: size * 0.6 }}>
      {url ? <img src={url} alt="" className={s.img} /> : <BookOpenRegular aria-hidden />}
    </span>
  );
}
