import { NotYetAvailable } from '@/components/not-yet-available';
import { SectionCard } from '../components/section-card';

/** /user/like — liked materials; arrives with the catalogue issue. */
export default function LikePage() {
  return (
    <SectionCard title="我的喜欢">
      <NotYetAvailable title="还没有喜欢的素材" description="在素材上点击“喜欢”即可收藏到这里。素材目录即将上线。" />
    </SectionCard>
  );
}
