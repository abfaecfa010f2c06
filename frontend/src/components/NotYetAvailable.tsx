/** Sections whose screens are still being built say so plainly instead of pretending. */
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';

export function NotYetAvailable({ label }: { label: string }) {
  return (
    <MessageBar intent="info">
      <MessageBarBody>
        <MessageBarTitle>{label}</MessageBarTitle>
        This section is not available in this version yet.
      </MessageBarBody>
    </MessageBar>
  );
}
