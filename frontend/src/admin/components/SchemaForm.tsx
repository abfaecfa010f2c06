/**
 * The admin forms' pieces that read a useSchemaForm state: the add/edit dialog shell (title, the
 * fields, Cancel and submit) and one field per kind of control, each showing its field's first
 * issue under it. A dialog built from them is its fields and its submit.
 */
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Select,
  Textarea,
  tokens,
  type InputProps,
} from '@fluentui/react-components';
import { createContext, useContext, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { FormActions } from './FormActions';
import { messageOf } from './formErrors';
import type { SchemaForm } from './useSchemaForm';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pair: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', '& > *': { minWidth: 0 } },
});

/** The fields of T that hold text (what an input or a select edits). */
export type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

interface FieldProps<T extends object> {
  form: SchemaForm<T>;
  name: TextKey<T>;
  label: string;
  required?: boolean;
  hint?: string;
  className?: string;
}

/** A text input, or a text area when given `rows`. */
/**
 * Notes to show beside the fields of a form, by field name: a reviewer's comments on a draft
 * (../reviews), shown as a warning under the field until an error takes its place.
 */
export const FieldNotes = createContext<Readonly<Record<string, readonly string[]>>>({});

export function TextField<T extends object>(props: FieldProps<T> & { type?: InputProps['type']; placeholder?: string; readOnly?: boolean; rows?: number }) {
  const { form, name } = props;
  const value = form.values[name] as string;
  const onChange = (_: unknown, d: { value: string }) => form.set(name, d.value as T[TextKey<T>]);
  const error = messageOf(form.errors, name);
  const notes = useContext(FieldNotes)[name] as readonly string[] | undefined;
  const note = notes?.length ? `Reviewer: ${notes.join(' / ')}` : undefined;
  return (
    <Field
      className={props.className}
      label={props.label}
      required={props.required}
      validationState={error ? 'error' : note ? 'warning' : 'none'}
      validationMessage={error ?? note}
      hint={props.hint}
    >
      {props.rows ? (
        <Textarea rows={props.rows} resize="vertical" value={value} placeholder={props.placeholder} onChange={onChange} />
      ) : (
        <Input type={props.type} value={value} readOnly={props.readOnly} placeholder={props.placeholder} onChange={onChange} />
      )}
    </Field>
  );
}

/** A select; its `<option>`s are the children. */
export function SelectField<T extends object>(props: FieldProps<T> & { disabled?: boolean; children: ReactNode }) {
  const { form, name } = props;
  return (
    <Field className={props.className} label={props.label} required={props.required} validationMessage={messageOf(form.errors, name)} hint={props.hint}>
      <Select value={form.values[name] as string} disabled={props.disabled} onChange={(_, d) => form.set(name, d.value as T[TextKey<T>])}>
        {props.children}
      </Select>
    </Field>
  );
}

/** Two fields side by side, stacked once the dialog is too narrow for both (phones). */
export function FieldPair({ children }: { children: ReactNode }) {
  return <div className={useStyles().pair}>{children}</div>;
}

/**
 * An add/edit dialog: the title, the fields (children, in a column unless `contentClassName` lays
 * them out), and FormActions wired to the form's busy state. `onSubmit` usually calls `form.submit`.
 */
export function FormDialog<T extends object>(props: {
  form: SchemaForm<T>;
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: (e: FormEvent) => unknown;
  actions: Omit<ComponentProps<typeof FormActions>, 'onCancel' | 'busy'>;
  /** Busy from elsewhere (the parent saves), instead of the form's own. */
  busy?: boolean;
  /** Escape and the backdrop do not close it while busy (closing would abandon an upload). */
  holdWhileBusy?: boolean;
  surfaceClassName?: string;
  /** A dialog whose content scrolls inside a bounded surface lays out its form and body too. */
  formClassName?: string;
  bodyClassName?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  const s = useStyles();
  const { form, onClose } = props;
  const busy = props.busy ?? form.busy;
  return (
    <Dialog open={props.open} onOpenChange={(_, d) => !d.open && !(props.holdWhileBusy && busy) && onClose()}>
      <DialogSurface className={props.surfaceClassName}>
        <form ref={form.ref} onSubmit={(e) => void props.onSubmit(e)} noValidate className={props.formClassName}>
          <DialogBody className={props.bodyClassName}>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogContent className={props.contentClassName ?? s.form}>{props.children}</DialogContent>
            <FormActions onCancel={onClose} busy={busy} {...props.actions} />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
