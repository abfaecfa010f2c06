/** An icon-only action button whose label is also its tooltip (shown on hover and on focus). */
import { Button, Tooltip } from '@fluentui/react-components';
import type { KeyboardEvent, ReactElement, Ref } from 'react';

export function IconAction(props: {
  label: string;
  icon: ReactElement;
  onClick?: () => void;
  onKeyDown?: (e: KeyboardEvent) => void;
  disabled?: boolean;
  className?: string;
  'aria-describedby'?: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  const { label, ...rest } = props;
  return (
    <Tooltip content={label} relationship="label" withArrow>
      <Button appearance="subtle" {...rest} />
    </Tooltip>
  );
}
