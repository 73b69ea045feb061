// only the password field draws the eye: beside it, not in the icons every first page loads
import { EyeInvisibleOutlined, EyeOutlined } from './password-icons';
import { type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes, useState } from 'react';
import { Icon } from './icon';
import './field.css';

interface FieldLook {
  /** The field's label, tied to the control by `id`. */
  label: ReactNode;
  id: string;
  /** Draws antd's red mark before the label and sets aria-required. */
  required?: boolean;
  /** The message of a failed check: red border and red text under the control. */
  error?: string;
  /** Grey text under the control while there is no error. */
  help?: ReactNode;
  /**
   * The most characters the field takes: a counter under the control, red once over. Never the
   * native maxLength, which cuts a pasted text short without a word; the field's check refuses
   * an over-long text with the limit named.
   */
  limit?: number;
}

type InputFieldProps = FieldLook &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { multiline?: false; ref?: Ref<HTMLInputElement> };
type TextAreaFieldProps = FieldLook &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { multiline: true; ref?: Ref<HTMLTextAreaElement> };

/**
 * A form field with antd's vertical Form.Item look in plain HTML: label, a native input, password
 * input (with its show/hide eye) or textarea, and the error or help text under it, linked by
 * aria-describedby. For the pages that do not load the component library.
 */
export function TextField(props: InputFieldProps | TextAreaFieldProps) {
  const { label, id, required, error, help, limit, className, ...control } = props;
  // counted as the server counts (UTF-16 units), so the counter and the check agree
  const length = typeof control.value === 'string' ? control.value.length : 0;
  const counter =
    limit === undefined ? null : (
      <div className={`gs-field__count${length > limit ? ' is-over' : ''}`}>
        {length} / {limit}
      </div>
    );
  const message = error ?? help;
  const messageId = `${id}-help`;
  const aria = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': message ? messageId : undefined,
  };
  let input: ReactNode;
  if (control.multiline) {
    const { multiline: _multiline, ...rest } = control;
    input = <textarea className="gs-input gs-input--textarea" rows={2} {...rest} {...aria} />;
  } else {
    const { multiline: _multiline, ...rest } = control;
    input =
      rest.type === 'password' ? (
        <PasswordInput {...rest} {...aria} />
      ) : (
        <input className="gs-input" type="text" {...rest} {...aria} />
      );
  }
  return (
    <div className={`gs-field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label className={`gs-field__label${required ? ' is-required' : ''}`} htmlFor={id}>
        {label}
      </label>
      {input}
      {counter}
      {message && (
        <div id={messageId} className={error ? 'gs-field__error' : 'gs-field__help'} role={error ? 'alert' : undefined}>
          {message}
        </div>
      )}
    </div>
  );
}

/** antd's Input.Password: the eye shows the typed characters; the wrapper draws the border. */
function PasswordInput({ ref, ...rest }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  return (
    <span className="gs-input gs-input--affix">
      <input ref={ref} {...rest} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="gs-input__eye"
        aria-label={visible ? '隐藏密码' : '显示密码'}
        aria-pressed={visible}
        // the field keeps focus and the eye stays out of the tab order, as antd's icon is
        tabIndex={-1}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setVisible((v) => !v)}
      >
        <Icon icon={visible ? EyeOutlined : EyeInvisibleOutlined} />
      </button>
    </span>
  );
}
