import { DEMAND_MAX_REFERENCES, DemandTier, MESSAGES } from '@gemstock/contract';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { TextField } from '@/components/ui/field';
import { Segmented } from '@/components/ui/segmented';
import { paths } from '@/config/paths';
import { useLightForm } from '@/lib/light-form';
import { notify } from '@/lib/notify';
import { useRequestQuote } from '../api/request-quote';
import { DirectUpload, type UploadedFile } from './direct-upload';
import { FieldGroup } from './field-group';

type QuotedTier = typeof DemandTier.SUPER | typeof DemandTier.AI_VIDEO;

/** The contract's limit of a brief (ZDemandQuoteRequest): refused with a message, never cut. */
const BRIEF_MAX_LENGTH = 2000;

const ASPECT_RATIOS = ['9:16', '16:9', '1:1', '3:4', '4:3'] as const;
type AspectRatio = (typeof ASPECT_RATIOS)[number];
const ASPECT_OPTIONS = ASPECT_RATIOS.map((ratio) => ({ value: ratio, label: ratio }));

/** Super and AI-video customizations: a brief the operator prices one to one. */
export default function QuoteForm({ materialSid, tier }: { materialSid: string; tier: QuotedTier }) {
  const [references, setReferences] = useState<(UploadedFile | null)[]>([null]);
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>('9:16');
  const request = useRequestQuote();
  const ratioLabel = useId();
  const navigate = useNavigate();
  const isVideo = tier === DemandTier.AI_VIDEO;
  const form = useLightForm({
    name: 'quote',
    initialValues: { brief: '', duration: '15' },
    checks: {
      brief: (value) => {
        if (!value.trim()) return '请描述您的定制需求';
        if (value.length < 10) return '请描述您的定制需求（至少 10 个字）';
        if (value.trim().length > BRIEF_MAX_LENGTH) return MESSAGES.tooLong(BRIEF_MAX_LENGTH);
        return undefined;
      },
      duration: (value) => {
        if (!isVideo) return undefined;
        if (!value.trim()) return '请填写视频时长';
        const seconds = Number(value);
        return Number.isInteger(seconds) && seconds >= 5 && seconds <= 120 ? undefined : '视频时长需在 5 到 120 秒之间';
      },
    },
    onSubmit: (v) =>
      request.mutate(
        {
          tier: isVideo ? DemandTier.AI_VIDEO : DemandTier.SUPER,
          material: materialSid,
          brief: v.brief,
          references: references.filter((r): r is UploadedFile => r !== null).map((r) => r.key),
          duration: isVideo ? Number(v.duration) : null,
          aspect_ratio: isVideo ? aspectRatio : null,
        },
        {
          onSuccess: (demand) => {
            notify.success('需求已提交，客服将在 1 个工作日内报价');
            void navigate(`${paths.record.customize}?demand=${demand.sid}`);
          },
        },
      ),
  });

  return (
    <form onSubmit={(event) => void form.handleSubmit(event)} noValidate>
      <Alert
        type="info"
        className="gs-customize__quote-note"
        description="提交需求后，客服在 1 个工作日内给出报价与交付周期，您确认并支付后开始设计。"
      >
        {isVideo ? 'AI 视频定制按需报价' : '超级定制由设计师一对一报价'}
      </Alert>
      <TextField
        multiline
        required
        className="gs-customize__counted gs-customize__brief"
        label="需求描述"
        limit={BRIEF_MAX_LENGTH}
        placeholder="用途、风格、尺寸、文案、参考品牌等，越详细报价越准确"
        {...form.field('brief')}
      />
      {isVideo && (
        <div className="gs-customize__row gs-customize__row--fit">
          <TextField
            required
            className="gs-customize__duration"
            label="视频时长（秒）"
            type="number"
            inputMode="numeric"
            min={5}
            max={120}
            step={1}
            {...form.field('duration')}
          />
          <FieldGroup label="画幅" labelId={ratioLabel} required>
            <Segmented labelledBy={ratioLabel} value={aspectRatio} options={ASPECT_OPTIONS} onChange={setAspectRatio} />
          </FieldGroup>
        </div>
      )}
      <FieldGroup label={`参考图（可选，最多 ${DEMAND_MAX_REFERENCES} 张）`}>
        <div className="gs-customize__references">
          {references.map((r, i) => (
            <div key={i} className="gs-customize__reference">
              <DirectUpload
                purpose="reference"
                label={`上传参考图${i + 1}`}
                value={r}
                onChange={(f) =>
                  setReferences((list) => {
                    const next = list.map((x, j) => (j === i ? f : x));
                    const filled = next.filter((x) => x !== null).length;
                    if (f && filled === next.length && next.length < DEMAND_MAX_REFERENCES) next.push(null);
                    return next;
                  })
                }
              />
            </div>
          ))}
        </div>
      </FieldGroup>
      <Button kind="primary" type="submit" size="large" block loading={request.isPending}>
        提交需求，等待报价
      </Button>
    </form>
  );
}
