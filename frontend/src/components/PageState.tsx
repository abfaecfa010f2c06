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
});

export function PageState({ title, text, action }: { title?: string; text: string; action?: { label: string; to: string } }) {
  const s = useStyles();
  return (
    <div className={s.root} role="status">
      {title && <Subtitle1 as="h2">{title}</Subtitle1>}
      <Body1>{text}</Body1>
      {action && (
        <ButtonLink appearance="primary" to={action.to}>
          {action.label}
        </ButtonLink>
      )}
    </div>
  );
}
