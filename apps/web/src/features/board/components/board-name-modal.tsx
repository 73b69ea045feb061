import { BOARD_LIMITS, BOARD_MESSAGES } from '@gemstock/contract';
import { Form, Input, Modal } from 'antd';
import { limitRule } from '@/lib/form';
import { useEffect } from 'react';

interface BoardNameModalProps {
  open: boolean;
  title: string;
  initial?: string;
  saving: boolean;
  onSave: (name: string) => void;
  onClose: () => void;
}

/** 新建 / 重命名: one field, the contract's length. */
export function BoardNameModal({ open, title, initial = '', saving, onSave, onClose }: BoardNameModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: initial });
  }, [open, initial, form]);
  return (
    <Modal
      open={open}
      title={title}
      okText="保存"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(values) => onSave(values.name.trim())}>
        <Form.Item
          label="收藏夹名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请输入收藏夹名称' },
            limitRule(BOARD_LIMITS.nameMax, '', BOARD_MESSAGES.nameMax),
          ]}
        >
          <Input autoFocus count={{ show: true, max: BOARD_LIMITS.nameMax }} placeholder="例如：春季婚戒" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
