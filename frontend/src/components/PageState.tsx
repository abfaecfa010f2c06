/** Shared empty / not-found states of public pages. */
import { Body1, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { ButtonLink } from './ButtonLink';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
  // The same spacing whichever level the title is (an h2's default margins).
  title: { margin: '0.83em 0' },
});

/** `titleLevel` h1 when the state is the whole page (a not-found page has no other heading). */
export function PageState({
  title,
  text,
  action,
  titleLevel = 'h2',
}: {
  title?: string;
  text: string;
  action?: { label: string; to: string };
  titleLevel?: 'h1' | 'h2';
}) {
  const s = useStyles();
  return (
    <div className={s.root} role="status">
      {title && (
        <Subtitle1 as={titleLevel} className={s.title}>
          {title}
        </Subtitle1>
      )}
      <Body1>{text}</Body1>
      {action && (
        <ButtonLink appearance="primary" to={action.to}>
          {action.label}
        </ButtonLink>
      )}
    </div>
  );
}
