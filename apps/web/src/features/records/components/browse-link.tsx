import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** An empty record list's way on: back to the catalogue, where purchases and custom orders start. */
export function BrowseMaterialsLink() {
  return (
    <ButtonLink kind="primary" to={paths.home}>
      去挑选素材
    </ButtonLink>
  );
}
