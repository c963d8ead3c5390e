import { lazyPart } from '@/ui/lazy-part';
export { useLaunchPhase, type LaunchPhase } from './launch-phase';

/** The launch's box on its jersey's page, loaded only there (decision 070). */
export const LaunchBox = lazyPart(() => import('./launch-box'));
