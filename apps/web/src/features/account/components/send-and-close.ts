import type { FormInstance } from 'antd';
import { applyFieldErrors } from '@/lib/form';
import { notify } from '@/lib/notify';

/**
 * An account dialog's submit: sends the form's values, then says `done` and closes; when the server
 * refuses some fields, its messages go under them and the dialog stays open to correct them.
 */
export async function sendAndClose(
  form: FormInstance,
  send: () => Promise<unknown>,
  done: string,
  onClose: () => void,
): Promise<void> {
  try {
    await send();
    notify.success(done);
    onClose();
  } catch (error) {
    applyFieldErrors(form, error);
  }
}
