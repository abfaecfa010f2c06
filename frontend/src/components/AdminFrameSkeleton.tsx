/**
 * The back office's frame before the app can draw it: the header (product, 'Admin Dashboard'), the
 * section row and the page as grey placeholders. The server sends it in the /admin shell, so the
 * first paint is the frame, not a white page; the app shows the same while its chunks load and the
 * session is checked, so nothing jumps until the real frame replaces it. Hidden from assistive
 * tech but for its 'Loading' name; it holds no heading, so nothing waits on it for the real one.
 */
import { makeStyles, mergeClasses, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import { PageFrame } from './PageFrame';
import { narrow, useFrameStyles } from './adminFrameStyles';

const useStyles = makeStyles({
  tabs: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', minHeight: '47px', [narrow]: { minHeight: '44px' } },
  tab: { width: '88px', height: '20px', [narrow]: { ':nth-child(n+2)': { display: 'none' }, width: '120px', height: '32px' } },
  page: { display: 'grid', gap: tokens.spacingVerticalL },
  heading: { width: '240px', height: '32px' },
  block: { height: '320px' },
});

export function AdminFrameSkeleton({ productName }: { productName: string }) {
  const f = useFrameStyles();
  const s = useStyles();
  const header = (
    <header className={f.header} aria-hidden>
      <div className={f.inner}>
        <div className={f.top}>
          <span className={f.brand}>
            <span className={f.productName}>{productName}</span>
          </span>
          <Text size={600} weight="semibold" className={f.title}>
            Admin Dashboard
          </Text>
        </div>
        <div className={mergeClasses(f.sections, s.tabs)}>
          {[0, 1, 2, 3, 4, 5, 6].map((i) => (
            <SkeletonItem key={i} className={s.tab} />
          ))}
        </div>
      </div>
    </header>
  );
  return (
    <PageFrame header={header} mainClassName={f.main}>
      <Skeleton aria-label="Loading the back office" className={s.page}>
        <SkeletonItem className={s.heading} />
        <SkeletonItem shape="rectangle" className={s.block} />
      </Skeleton>
    </PageFrame>
  );
}
