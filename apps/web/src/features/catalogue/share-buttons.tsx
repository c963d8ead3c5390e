// Share a product: WhatsApp, Instagram, Facebook, and copy link with a 2 s 'copied' hint.
import { Check, Link as LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FacebookIcon, InstagramIcon, WhatsAppIcon } from '@/ui/brand-icons';
import { copyText } from '@kitroom/ui/copy-text';

export const COPIED_HINT_MS = 2000;

export function ShareButtons({ name, url }: { name: string; url: string }) {
  const [hint, setHint] = useState<string | null>(null);

  useEffect(() => {
    if (!hint) return;
    const timer = window.setTimeout(() => setHint(null), COPIED_HINT_MS);
    return () => window.clearTimeout(timer);
  }, [hint]);

  async function copyLink() {
    setHint((await copyText(url)) ? 'Link copied' : 'Could not copy the link');
  }

  // Instagram has no web share address: use the device's share sheet, or copy the link
  // for pasting into the app.
  async function shareToInstagram() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: name, url });
        return;
      } catch {
        // Cancelled or refused: fall through to copying.
      }
    }
    setHint(
      (await copyText(url)) ? 'Link copied: paste it in Instagram' : 'Could not copy the link',
    );
    window.open('https://www.instagram.com/', '_blank', 'noopener');
  }

  const round =
    'flex h-11 w-11 items-center justify-center rounded-full border border-line text-ink hover:border-ink hover:bg-ink hover:text-white';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="mr-1 text-sm font-semibold text-muted">Share</span>
      <a
        className={round}
        href={`https://wa.me/?text=${encodeURIComponent(`${name} ${url}`)}`}
        target="_blank"
        rel="noopener"
        aria-label="Share on WhatsApp"
      >
        <WhatsAppIcon />
      </a>
      <button
        type="button"
        className={round}
        onClick={() => void shareToInstagram()}
        aria-label="Share on Instagram"
      >
        <InstagramIcon />
      </button>
      <a
        className={round}
        href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`}
        target="_blank"
        rel="noopener"
        aria-label="Share on Facebook"
      >
        <FacebookIcon />
      </a>
      <button
        type="button"
        className={round}
        onClick={() => void copyLink()}
        aria-label="Copy link"
      >
        {hint ? <Check aria-hidden="true" size={20} /> : <LinkIcon aria-hidden="true" size={20} />}
      </button>
      <span role="status" className="text-sm font-semibold text-ink">
        {hint ?? ''}
      </span>
    </div>
  );
}
