import { HomePage } from '../../features/home/routes/home-page.tsx';
import { useHomeVariant } from '../theme.ts';

export function HomeRoute() {
  return <HomePage variant={useHomeVariant()} />;
}
