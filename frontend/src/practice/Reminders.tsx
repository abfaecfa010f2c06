/**
 * The reminders panel (docs/learners.md "Reminders") on the done screen and /review's home: hidden
 * until practice/reminders.ts, loaded from the second finished session on, shows the hour and 'Remind
 * me when cards are due', or what is on with 'Stop reminders'. Rendered here so its controls are the
 * site's own; the 24 hours are the script's to add, so a page that never offers it carries no options.
 */
import { Body1, Button, makeStyles, Select, tokens } from '@fluentui/react-components';
import { PRACTICE, attr } from '@shared/markup';

const useStyles = makeStyles({
  panel: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
  line: { flexBasis: '100%', margin: 0 },
  hour: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  target: { minHeight: '44px' },
});

export function Reminders() {
  const s = useStyles();
  return (
    <section className={s.panel} aria-label="Reminders" {...attr(PRACTICE.reminders)} hidden>
      <Body1 as="p" className={s.line} {...attr(PRACTICE.reminderLine)} />
      <span className={s.hour} {...attr(PRACTICE.reminderPick)}>
        <span aria-hidden="true">At</span>
        <Select aria-label="Hour" {...attr(PRACTICE.reminderHour)} />
      </span>
      <Button className={s.target} {...attr(PRACTICE.reminderOn)}>
        Remind me when cards are due
      </Button>
      <Button className={s.target} {...attr(PRACTICE.reminderStop)}>
        Stop reminders
      </Button>
      <Body1 as="p" role="status" className={s.line} {...attr(PRACTICE.reminderStatus)} />
    </section>
  );
}
