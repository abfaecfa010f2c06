/**
 * 'Share' on each phrase row: one <template> (no visitor sees it) that the share island
 * (islands/share.ts) clones into every row's actions. Sharing needs script (Web Share, or the
 * clipboard), so with none there is no button; the row's anchor still opens the lesson at the phrase.
 * A plain button with one class (makeResetStyles), as the lesson page's bytes are counted.
 */
import { makeResetStyles } from '@fluentui/react-components';
import { ShareRegular } from '@fluentui/react-icons';
import { ROOT, attr } from '@shared/markup';
import { ICON_BUTTON } from '../../theme/styles';

const useButton = makeResetStyles({
  ...ICON_BUTTON,
  width: '32px',
  height: '32px',
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
