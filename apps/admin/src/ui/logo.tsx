// The shop's logo (packages/ui) with the back office's name beside it.
import { Logo } from '@kitroom/ui/logo';

export function BackOfficeLogo() {
  return (
    <span className="flex items-center gap-2">
      <Logo />
      <span className="text-sm font-semibold text-white/70">Back office</span>
    </span>
  );
}
