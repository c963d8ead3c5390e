export { useLaunchPhase, type LaunchPhase } from './launch-phase';
