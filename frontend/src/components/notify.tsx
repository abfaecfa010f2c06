/**
 * Toasts: one Toaster for the app (about 4 s each, at most 3 visible, spec section 9) and a
 * `useNotify()` hook that shows a title with an optional description.
 */
import { Link, Toast, ToastBody, Toaster, ToastTitle, ToastTrigger, useId, useToastController, type ToastIntent } from '@fluentui/react-components';
import { createContext, useCallback, useContext, type ReactNode } from 'react';

/** `action` puts a link in the toast (e.g. 'Undo' after a change that can be reverted); it closes the toast. */
type Notify = (title: string, opts?: { body?: string; intent?: ToastIntent; action?: { label: string; onClick: () => void } }) => void;
const NotifyContext = createContext<Notify>(() => {});

export function NotifyProvider({ children }: { children: ReactNode }) {
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  const notify = useCallback<Notify>(
    (title, { body, intent = 'success', action } = {}) =>
      dispatchToast(
        <Toast>
          <ToastTitle
            action={
              action && (
                <ToastTrigger>
                  <Link onClick={action.onClick}>{action.label}</Link>
                </ToastTrigger>
              )
            }
          >
            {title}
          </ToastTitle>
          {body && <ToastBody>{body}</ToastBody>}
        </Toast>,
        // An undoable change stays on screen longer: the admin needs time to read and react.
        { intent, timeout: action ? 8000 : 4000 },
      ),
    [dispatchToast],
  );
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <Toaster toasterId={toasterId} limit={3} position="bottom-end" pauseOnHover />
    </NotifyContext.Provider>
  );
}

export const useNotify = () => useContext(NotifyContext);
