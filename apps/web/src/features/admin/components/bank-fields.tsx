import { BANK_SERIAL_MAX_LENGTH, centsToYuan, chinaDateOf, zBankSerial } from '@gemstock/contract';
import { DatePicker, Form, Input, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { schemaRule } from '@/lib/form';

/*
 * The fields money forms share: an amount in yuan (sent in cents), a bank serial number (流水号)
 * and a calendar day as the bank statement prints it (China time). The server checks the same.
 */

/** Today in China, for a day picker's default and its last pickable day. */
export function todayInChina(): Dayjs {
  return dayjs(chinaDateOf(new Date()));
}

/** A picked day as the wire's YYYY-MM-DD. */
export function dayOf(picked: Dayjs): string {
  return picked.format('YYYY-MM-DD');
}

export function BankSerialField({ name = 'bankSerial', label = '银行流水号' }: { name?: string; label?: string }) {
  return (
    <Form.Item label={label} name={name} required rules={[schemaRule(zBankSerial)]}>
      <Input
        aria-label={label}
        count={{ max: BANK_SERIAL_MAX_LENGTH }}
        placeholder="以银行流水上的编号为准"
        autoComplete="off"
      />
    </Form.Item>
  );
}

export function CalendarDayField({ name, label, message }: { name: string; label: string; message: string }) {
  return (
    <Form.Item label={label} name={name} required rules={[{ required: true, message }]}>
      <DatePicker
        aria-label={label}
        style={{ width: '100%' }}
        // Money cannot arrive or leave tomorrow.
        disabledDate={(day) => day.isAfter(todayInChina(), 'day')}
      />
    </Form.Item>
  );
}

/** An amount typed in yuan (two decimals), between 0.01 and `maxCents`; the form holds yuan (yuanToCents to send). */
export function YuanField({
  name,
  label,
  maxCents,
  message,
}: {
  name: string;
  label: string;
  maxCents?: number;
  message: string;
}) {
  return (
    <Form.Item label={label} name={name} required rules={[{ required: true, message }]}>
      <InputNumber<number>
        aria-label={label}
        min={0.01}
        {...(maxCents !== undefined ? { max: centsToYuan(maxCents) } : {})}
        precision={2}
        prefix="¥"
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}
