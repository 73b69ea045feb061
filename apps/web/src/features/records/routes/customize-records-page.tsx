import { NotYetAvailable } from '@/components/not-yet-available';

export default function CustomizeRecordsPage() {
  return (
    <NotYetAvailable
      title="暂无定制记录"
      description="提交定制需求后，可在这里查看设计进度、反馈修改意见并下载成品。在线定制功能即将上线。"
    />
  );
}
