export { NotifyMe } from './notify-me';
export { useSizeFromLink } from './use-size-from-link';
