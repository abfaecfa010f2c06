/**
 * The markup of a signed-in learner's controls on the lesson page: the island's root (where 'Mark
 * as completed' goes) and, in <template>s that no visitor sees, the two buttons the learner island
 * (islands/learner.ts) clones: styled here, so their CSS is in the page like everything else.
 */
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, CheckmarkCircleRegular, StarFilled, StarRegular } from '@fluentui/react-icons';
import type { LessonRef } from '@shared/contracts/lessons';
import { LEARNER, ROOT, attr } from '@shared/markup';

const useStyles = makeStyles({
  // The pressed state is the island's (aria-pressed): it shows the filled icon in colour.
  toggle: { '&[aria-pressed="true"]': { backgroundColor: tokens.colorNeutralBackground1Selected } },
  on: { display: 'none', ':is([aria-pressed="true"] *)': { display: 'inline' } },
  off: { ':is([aria-pressed="true"] *)': { display: 'none' } },
  starred: { color: tokens.colorPaletteMarigoldForeground1 },
  done: { color: tokens.colorPaletteGreenForeground1 },
});

export function LearnerControls({ lesson }: { lesson: LessonRef }) {
  const s = useStyles();
  return (
    <>
      <div {...attr(ROOT.island, 'learner')} {...attr(LEARNER.lesson, JSON.stringify(lesson))} />
      <template {...attr(LEARNER.template, 'completed')}>
        <Button
          className={s.toggle}
          aria-pressed={false}
          data-testid="mark-completed"
          icon={
            <>
              <CheckmarkCircleRegular className={s.off} />
              <CheckmarkCircleFilled className={mergeClasses(s.on, s.done)} />
            </>
          }
        >
          <span {...attr(LEARNER.label)}>Mark as completed</span>
        </Button>
      </template>
      <template {...attr(LEARNER.template, 'favorite')}>
        <Button
          appearance="subtle"
          className={s.toggle}
          aria-pressed={false}
          aria-label="Add to favorites"
          data-testid="favorite-toggle"
          icon={
            <>
              <StarRegular className={s.off} />
              <StarFilled className={mergeClasses(s.on, s.starred)} />
            </>
          }
        />
      </template>
    </>
  );
}
