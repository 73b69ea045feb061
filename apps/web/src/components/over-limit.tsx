import { Typography } from 'antd';

/**
 * Under a field outside a Form: the message of a text past its limit (`tooLongMessage`), read out
 * as it appears. The text stays as typed; the action it feeds is refused until it is shortened.
 */
export function OverLimit({ message }: { message: string | undefined }) {
  return message ? (
    <Typography.Text type="danger" role="alert">
      {message}
    </Typography.Text>
  ) : null;
}
