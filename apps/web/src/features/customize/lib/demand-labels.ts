import { DemandStatus, type TDemand, chinaLastDayBefore, formatYuan } from '@gemstock/contract';
import type { MoreTagColor, TagColor } from '@/components/ui/feedback';

/** The tag colour of each stage (antd's preset names, which the light Tag draws too). */
export const DEMAND_STATUS_COLOR: Record<DemandStatus, TagColor | MoreTagColor> = {
  QUOTE_REQUESTED: 'processing',
  QUOTED: 'warning',
  CREATED: 'warning',
  SUBMITTED: 'processing',
  DESIGNING: 'processing',
  DRAFT_REVIEW: 'magenta',
  REVISING: 'processing',
  FINAL_PRODUCTION: 'cyan',
  DELIVERED: 'success',
  CANCELLED: 'default',
};

/** What the buyer reads about where a request stands and what happens next. */
export function stageNote(demand: TDemand): string {
  const due = demand.stageDeadline ? chinaLastDayBefore(new Date(demand.stageDeadline)) : null;
  switch (demand.status) {
    case DemandStatus.QUOTE_REQUESTED:
      return due ? `客服将于 ${due} 前报价` : '等待报价';
    case DemandStatus.QUOTED:
      return `报价 ${formatYuan(demand.quotePrice ?? 0)}，付款后 ${demand.quoteLeadDays ?? '—'} 个工作日内交付初稿`;
    case DemandStatus.CREATED:
      return '待付款，付款后开始设计';
    case DemandStatus.SUBMITTED:
    case DemandStatus.DESIGNING:
      return due ? `初稿预计 ${due} 前交付` : '设计中';
    case DemandStatus.DRAFT_REVIEW:
      return demand.revisionsLeft > 0
        ? `请查看设计稿并反馈（还可修改 ${demand.revisionsLeft} 次）`
        : '修改次数已用完，设计师将交付最终文件';
    case DemandStatus.REVISING:
      return due ? `修改稿预计 ${due} 前交付` : '修改中';
    case DemandStatus.FINAL_PRODUCTION:
      return due ? `已定稿，设计师将于 ${due} 前交付最终文件` : '已定稿，设计师正在制作最终文件';
    case DemandStatus.DELIVERED:
      return '已交付，可下载设计文件与独家授权证书';
    case DemandStatus.CANCELLED:
      return demand.cancelReason ? `已取消：${demand.cancelReason}` : '已取消';
  }
}
