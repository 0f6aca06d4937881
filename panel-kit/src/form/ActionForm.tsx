import { useRef, useState, type FormEventHandler, type ReactNode } from 'react';
import { Button, Form as AntForm, Modal } from 'antd';
import type { FormApi } from 'final-form';
import { Form } from 'react-final-form';
import type * as v from 'valibot';
import type { SubmissionErrors } from '@proxy/contract/forms';
import { FormMetaContext } from './ResourceForm.tsx';
import { useFormSubmit } from './use-form-submit.ts';

/** A dialog's words: the question asked before an action is sent, or the dialog an action's form is in. */
export interface ActionConfirmation {
  readonly title: string;
  /** What will happen, worded with the values about to be sent. */
  readonly content: ReactNode;
  readonly okText: string;
  readonly cancelText: string;
  /** The action cannot be undone (a cancellation): the OK button is red. */
  readonly danger?: boolean;
}

interface ActionProps<Values, Input, Result> {
  /** Prefix of the fields' element ids (`user-7-balance` → `user-7-balance_amount`). */
  readonly name: string;
  readonly initialValues: Values;
  /** The request's shape from the form's values (money typed in major units); the values themselves by default. */
  readonly toInput?: (values: Values) => Input;
  /** The contract schema the API validates the input with: checked first, so nothing invalid is sent. */
  readonly schema?: v.GenericSchema;
  /** The section's words for its schema's own named checks (`v.check(…, 'not_zero')`). */
  readonly checkMessages?: Readonly<Record<string, string>>;
  readonly send: (input: Input) => Promise<Result>;
  /** The success toast, from what the API answered ("Balance adjusted: 1 400 ₽"). */
  readonly done: (result: Result) => string;
  readonly onDone?: (result: Result) => void;
  readonly children: ReactNode;
}

export interface ActionFormProps<Values, Input, Result> extends ActionProps<Values, Input, Result> {
  /** The submit button's text ("Adjust balance"). */
  readonly submitLabel: string;
  /** Asked, with the checked input, before anything is sent; OK sends exactly that input. */
  readonly confirm?: (input: Input) => ActionConfirmation;
}

export interface ActionDialogProps<Values, Input, Result>
  extends ActionProps<Values, Input, Result>, Omit<ActionConfirmation, 'content'> {
  /** The dialog's cancel button or its close: the caller closes it. */
  readonly onCancel: () => void;
}

function useAction<Values, Input, Result>({
  toInput = (values) => values as unknown as Input,
  schema,
  checkMessages,
  send,
  done,
  onDone,
}: ActionProps<Values, Input, Result>) {
  return useFormSubmit<Values, Input, Result>({ toInput, schema, checkMessages, send, success: done, onSaved: onDone });
}

/** The fields in an antd layout, in a `<form>` whose submit (Enter in a text input) is final-form's. */
function FormBody({ name, onSubmit, children }: { name: string; onSubmit: FormEventHandler; children: ReactNode }) {
  return (
    <AntForm component={false} layout="vertical">
      <form onSubmit={onSubmit} noValidate id={name}>
        {children}
      </form>
    </AntForm>
  );
}

/**
 * A small form for one action that is not a resource's create or edit (a balance adjustment): the kit's fields, the
 * contract's schema checked before sending, an optional confirmation that words the checked input, one toast per
 * outcome and the server's field errors on their fields — as ResourceForm does. Done, it is empty again: the same
 * values submitted again are a new action.
 */
export function ActionForm<Values extends object, Input = Values, Result = unknown>({
  submitLabel,
  confirm,
  ...props
}: ActionFormProps<Values, Input, Result>) {
  const { check, send } = useAction(props);
  const [asking, setAsking] = useState<{
    readonly input: Input;
    readonly confirmation: ActionConfirmation;
    /** OK was pressed: the input is on its way. */
    readonly sending?: boolean;
  }>();
  // Set by the confirmation's OK for the submit it starts: that submit sends what the question was about.
  const confirmed = useRef<{ readonly input: Input } | null>(null);

  async function submit(values: Values, form: FormApi<Values>): Promise<SubmissionErrors | undefined> {
    const answered = confirmed.current;
    confirmed.current = null;
    let input: Input;
    if (answered) input = answered.input;
    else {
      const checked = check(values);
      if (!checked.ok) return checked.errors;
      if (confirm) {
        setAsking({ input: checked.input, confirmation: confirm(checked.input) });
        return undefined;
      }
      input = checked.input;
    }
    const sent = await send(input);
    setAsking(undefined);
    if (!sent.ok) return sent.errors;
    form.reset();
    return undefined;
  }

  return (
    <FormMetaContext.Provider value={{ name: props.name, readOnly: false }}>
      <Form<Values>
        initialValues={props.initialValues}
        // Screens compute initial values on every render: a new object must not reset what is being typed.
        initialValuesEqual={() => true}
        onSubmit={submit}
        render={({ handleSubmit, submitting, form }) => (
          <>
            <FormBody name={props.name} onSubmit={handleSubmit}>
              {props.children}
              {/* With a confirmation the dialog shows the sending; the button keeps its name meanwhile. */}
              <Button htmlType="submit" loading={!confirm && submitting}>
                {submitLabel}
              </Button>
            </FormBody>
            {asking && (
              <Modal
                open
                title={asking.confirmation.title}
                okText={asking.confirmation.okText}
                cancelText={asking.confirmation.cancelText}
                okButtonProps={{ danger: asking.confirmation.danger }}
                // Not the form's `submitting`: the check that opened this dialog was a submit too.
                confirmLoading={asking.sending === true}
                onOk={() => {
                  confirmed.current = asking;
                  setAsking({ ...asking, sending: true });
                  void form.submit();
                }}
                onCancel={() => setAsking(undefined)}
                destroyOnHidden
              >
                {asking.confirmation.content}
              </Modal>
            )}
          </>
        )}
      />
    </FormMetaContext.Provider>
  );
}

/**
 * An action asked for in a dialog with a form in it (cancel an invoice, with a reason): the dialog's OK submits — the
 * schema checked first, then sent with its toasts, the server's field errors on their fields — and stays open until
 * the caller closes it (on `onDone` or `onCancel`).
 */
export function ActionDialog<Values extends object, Input = Values, Result = unknown>({
  title,
  okText,
  cancelText,
  danger,
  onCancel,
  ...props
}: ActionDialogProps<Values, Input, Result>) {
  const { submit } = useAction(props);
  return (
    <FormMetaContext.Provider value={{ name: props.name, readOnly: false }}>
      <Form<Values>
        initialValues={props.initialValues}
        initialValuesEqual={() => true}
        onSubmit={submit}
        render={({ handleSubmit, submitting }) => (
          <Modal
            open
            title={title}
            okText={okText}
            cancelText={cancelText}
            okButtonProps={{ danger }}
            confirmLoading={submitting}
            onOk={() => void handleSubmit()}
            onCancel={onCancel}
            destroyOnHidden
          >
            <FormBody name={props.name} onSubmit={handleSubmit}>
              {props.children}
            </FormBody>
          </Modal>
        )}
      />
    </FormMetaContext.Provider>
  );
}
