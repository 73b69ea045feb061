import { GiftOutlined, SmileOutlined } from '@ant-design/icons';
import { CLIENT_ERROR, MAX_LENGTH, type TCoupon } from '@gemstock/contract';
import { Button, Flex, Form, Input, Modal, Rate, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { CopyableCode } from '@/components/copyable-code';
import { isApiError } from '@/lib/api-client';
import { couponValueText } from '@/lib/coupon-text';
import { formatDate } from '@/lib/form';
import { notify } from '@/lib/notify';
import { WEB_STORAGE_KEYS, safeStorage } from '@/lib/storage';
import { useSession } from '@/stores/session';
import { useSubmitSurvey } from '../api/submit-survey';

interface SurveyValues {
  satisfaction: number;
  score: number;
  feedback?: string;
}

const RATE_TEXT = ['很差', '较差', '一般', '满意', '非常满意'];
/** spec §8's success message of the survey. */
export const SURVEY_THANKS = '提交成功，感谢您的反馈！';

/** The survey is shown once per browser (spec §9's local flag); the server says whether it is due. */
export function isSurveyShownHere(): boolean {
  return safeStorage.get(WEB_STORAGE_KEYS.surveyFlag) !== null;
}

/**
 * The satisfaction survey (spec §2) after the company's first paid order: satisfaction and
 * score in half stars (default 5) and free feedback. Answering may give a coupon, shown next
 * (the survey-coupon dialog) with a copy action. Closing without answering does not ask again in
 * this browser.
 */
export function SurveyDialog() {
  const due = useSession((s) => s.surveyPending);
  const answered = useSession((s) => s.surveyAnswered);
  const [shownHere, setShownHere] = useState(isSurveyShownHere);
  const [coupon, setCoupon] = useState<TCoupon | null>(null);
  const [form] = Form.useForm<SurveyValues>();
  const mutation = useSubmitSurvey();

  const markShown = () => {
    safeStorage.set(WEB_STORAGE_KEYS.surveyFlag, new Date().toISOString());
    setShownHere(true);
  };

  // A ref, not mutation.isPending: a double click calls onFinish twice before React draws the
  // button as loading, and a second answer would be refused (4121) anyway.
  const sending = useRef(false);
  const onFinish = (values: SurveyValues) => {
    if (sending.current) return;
    sending.current = true;
    mutation.mutate(values, {
      onSuccess: (result) => {
        markShown();
        answered();
        notify.success(SURVEY_THANKS);
        setCoupon(result.coupon);
      },
      onError: (error) => {
        sending.current = false;
        // Already answered by the company (another tab, another account): the toast says so,
        // and there is nothing left to ask here.
        if (isApiError(error) && error.code === CLIENT_ERROR.SURVEY_ALREADY_ANSWERED) {
          markShown();
          answered();
        }
      },
    });
  };

  return (
    <>
      <Modal
        open={due && !shownHere}
        title={
          <Space>
            <SmileOutlined style={{ color: 'var(--gs-primary)' }} />
            满意度调查
          </Space>
        }
        onCancel={markShown}
        footer={null}
        width={480}
        centered
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          感谢您的购买！花半分钟告诉我们您的体验，帮助我们做得更好。
        </Typography.Paragraph>
        <Form<SurveyValues>
          form={form}
          name="survey"
          layout="vertical"
          initialValues={{ satisfaction: 5, score: 5 }}
          onFinish={onFinish}
        >
          <Form.Item label="整体满意度" name="satisfaction" rules={[{ required: true, message: '请选择满意度' }]}>
            <Rate allowHalf allowClear={false} tooltips={RATE_TEXT} aria-label="整体满意度" />
          </Form.Item>
          <Form.Item label="素材与服务评分" name="score" rules={[{ required: true, message: '请选择评分' }]}>
            <Rate allowHalf allowClear={false} tooltips={RATE_TEXT} aria-label="素材与服务评分" />
          </Form.Item>
          <Form.Item
            label="意见与建议（选填）"
            name="feedback"
            rules={[{ max: MAX_LENGTH.feedback, message: `意见与建议不能超过 ${MAX_LENGTH.feedback} 个字符` }]}
          >
            <Input.TextArea
              // counted and refused past the limit, never cut short as maxLength would
              count={{ show: true, max: MAX_LENGTH.feedback }}
              autoSize={{ minRows: 3, maxRows: 6 }}
              placeholder="您希望我们增加哪些素材或改进哪些地方？"
            />
          </Form.Item>
          <Flex justify="end" gap={8}>
            <Button onClick={markShown}>以后再说</Button>
            <Button type="primary" htmlType="submit" loading={mutation.isPending} disabled={mutation.isSuccess}>
              提交
            </Button>
          </Flex>
        </Form>
      </Modal>
      <Modal
        open={coupon !== null}
        title={
          <Space>
            <GiftOutlined style={{ color: 'var(--gs-gold)' }} />
            感谢您的反馈
          </Space>
        }
        onCancel={() => setCoupon(null)}
        footer={
          <Button type="primary" onClick={() => setCoupon(null)}>
            我知道了
          </Button>
        }
        width={440}
        centered
      >
        {coupon && (
          <Space orientation="vertical" size={12} style={{ width: '100%', textAlign: 'center', padding: '8px 0' }}>
            <Typography.Text>送您一张优惠券，下次购买时可用</Typography.Text>
            <Typography.Title level={3} style={{ margin: 0, color: 'var(--gs-price)' }}>
              {couponValueText(coupon)}
            </Typography.Title>
            <CopyableCode code={coupon.code} size="large" />
            <Typography.Text type="secondary">
              {coupon.endTime ? `有效期至 ${formatDate(coupon.endTime)}，` : ''}下单时在优惠码一栏填写即可使用
            </Typography.Text>
          </Space>
        )}
      </Modal>
    </>
  );
}
