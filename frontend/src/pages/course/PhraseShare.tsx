/**
 * 'Share' on each phrase row: one <template> (no visitor sees it) that the share island
 * (islands/share.ts) clones into every row's actions. Sharing needs script (Web Share, or the
 * clipboard), so with none there is no button; the row's anchor still opens the lesson at the phrase.
 * A plain button with one class (makeResetStyles), as the lesson page's bytes are counted.
 */
import { makeResetStyles, tokens } from '@fluentui/react-components';
import { ShareRegular } from '@fluentui/react-icons';
import { ROOT, attr } from '@shared/markup';

const useButton = makeResetStyles({
  display: 'grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  padding: 0,
  border: 'none',
  borderRadius: tokens.borderRadiusMedium,
  background: 'none',
  color: tokens.colorNeutralForeground2,
  fontSize: '20px',
  cursor: 'pointer',
  ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground1 },
  ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  '@media (max-width: 767px)': { width: '44px', height: '44px' },
});

export function PhraseShare() {
  return (
    <template {...attr(ROOT.island, 'share')}>
      <button type="button" className={useButton()} aria-label="Share">
        <ShareRegular aria-hidden />
      </button>
    </template>
  );
}
