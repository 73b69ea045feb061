import { USER_PATHS } from '@gemstock/contract';
import { Modal, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

interface CodeChallengeModalProps {
  open: boolean;
  /** The solved challenge (the widget's payload), to send with the code request. */
  onSolved: (payload: string) => void;
  onCancel: () => void;
}

/** Loads the widget only when a challenge is asked for: most visitors never need it. */
function loadWidget(): Promise<unknown> {
  return Promise.all([import('altcha'), import('altcha/i18n/zh-cn')]);
}

/**
 * 人机验证: shown when the server answers CHALLENGE_REQUIRED (many codes from one network). The
 * self-hosted ALTCHA widget fetches a challenge from our server and solves it in the browser;
 * no third-party service is involved.
 */
export function CodeChallengeModal({ open, onSolved, onCancel }: CodeChallengeModalProps) {
  const widget = useRef<HTMLElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    if (!open) return;
    let live = true;
    loadWidget().then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [open]);

  useEffect(() => {
    const element = widget.current;
    if (!element || state !== 'ready') return;
    const onVerified = (event: Event) => {
      const { payload } = (event as CustomEvent<{ payload?: string }>).detail ?? {};
      if (payload) onSolved(payload);
    };
    element.addEventListener('verified', onVerified);
    return () => element.removeEventListener('verified', onVerified);
  }, [state, open, onSolved]);

  return (
    <Modal open={open} title="人机验证" footer={null} onCancel={onCancel} destroyOnHidden width={400}>
      <Typography.Paragraph type="secondary">
        您所在的网络近期获取验证码较多，请先完成人机验证，浏览器会自动计算几秒钟，完成后将继续发送验证码。
      </Typography.Paragraph>
      {state === 'loading' && <Spin tip="正在加载验证…" />}
      {state === 'failed' && <Typography.Text type="danger">验证组件加载失败，请刷新页面后重试</Typography.Text>}
      {state === 'ready' && (
        <altcha-widget ref={widget} challenge={USER_PATHS.codeChallenge} language="zh-cn" auto="onload" />
      )}
    </Modal>
  );
}
