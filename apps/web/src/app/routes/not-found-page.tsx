import { NotFoundResult } from '@/components/not-found-result';

export default function NotFoundPage() {
  return <NotFoundResult />;
}
