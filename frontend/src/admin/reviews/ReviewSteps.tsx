/** An item's review steps in its History (docs/back-office.md "Reviews"): who requested, answered and published, with the comments. */
import { Caption1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import type { ItemRef } from '@shared/contracts/publishing';
import { useItemApproval } from '../../api/approvals';
import { formatWhen } from '../audit/format';
import { STEP_WORDS, targetOf } from './words';

const useStyles = makeStyles({
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, display: 'grid', gap: tokens.spacingVerticalXS, wordBreak: 'break-word' },
  muted: { color: tokens.colorNeutralForeground3 },
  heading: { display: 'block', marginTop: tokens.spacingVerticalL },
});

export function ReviewSteps({ item }: { item: ItemRef | undefined }) {
  const s = useStyles();
  const steps = useItemApproval(item && item.kind !== 'post' ? item : null).data?.approval?.steps ?? [];
  if (!steps.length) return null;
  return (
    <>
      <Subtitle2 as="h3" className={s.heading}>
        Review steps
      </Subtitle2>
      <ol className={s.list} aria-label="Review steps">
        {[...steps].reverse().map((step, n) => (
          <li key={n}>
            {STEP_WORDS[step.action]}{' '}
            <Caption1 className={s.muted}>
              by {step.by}, {formatWhen(step.at)}
            </Caption1>
            {step.note && <div>&ldquo;{step.note}&rdquo;</div>}
            {step.comments?.map((c, i) => (
              <div key={i}>
                {targetOf(c)}: {c.text}
              </div>
            ))}
          </li>
        ))}
      </ol>
    </>
  );
}
