/**
 * Toasts: one Toaster for the app (about 4 s each, at most 3 visible, spec section 9) and a
 * `useNotify()` hook that shows a title with an optional description.
 */
import { Toast, ToastBody, Toaster, ToastTitle, useId, useToastController, type ToastIntent } from '@fluentui/react-components';
import { createContext, useCallback, useContext, type ReactNode } from 'react';

type Notify = (title: string, opts?: { body?: string; intent?: ToastIntent }) => void;
const NotifyContext = createContext<Notify>(() => {});

export function NotifyProvider({ children }: { children: ReactNode }) {
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  const notify = useCallback<Notify>(
    (title, { body, intent = 'success' } = {}) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
          {body && <ToastBody>{body}</ToastBody>}
        </Toast>,
        { intent, timeout: 4000 },
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
