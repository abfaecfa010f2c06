/**
 * Every back-office screen's frame: its heading (the section's accessible name), the sentence that
 * says what the screen is for (`intro`), and its actions beside them.
 */
import { Body1, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  intro: { color: tokens.colorNeutralForeground2 },
});

export function AdminSection(props: { id: string; title: string; actions?: ReactNode; intro?: ReactNode; below?: ReactNode; children: ReactNode }) {
  const s = useStyles();
  return (
    <section aria-labelledby={props.id}>
      <div className={s.bar}>
        <div>
          <Subtitle1 as="h2" id={props.id} block>
            {props.title}
          </Subtitle1>
          {props.intro && (
            <Body1 as="p" block className={s.intro}>
              {props.intro}
            </Body1>
          )}
          {props.below}
        </div>
        {props.actions && <div className={s.actions}>{props.actions}</div>}
      </div>
      {props.children}
    </section>
  );
}
