// The full-screen zoom of a product's pictures: a tap magnifies where it lands, the dots pick
// another picture (the gallery loads it when it first opens).
import { X, ZoomIn, ZoomOut } from 'lucide-react';
import { useId, useState, type MouseEvent } from 'react';
import { Overlay } from '@/ui/overlay';
import { imageSrc } from '@/ui/product-text';

interface GalleryZoomProps {
  name: string;
  images: string[];
  /** The picture shown, and its place in `images` as the gallery keeps it. */
  current: string;
  index: number;
  onShow: (index: number) => void;
  onClose: () => void;
}

export default function GalleryZoom({
  name,
  images,
  current,
  index,
  onShow,
  onClose,
}: GalleryZoomProps) {
  const [magnified, setMagnified] = useState(false);
  const [origin, setOrigin] = useState('50% 50%');
  const titleId = useId();

  function onZoomClick(event: MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setOrigin(`${x}% ${y}%`);
    setMagnified((m) => !m);
  }

  return (
    <Overlay open onClose={onClose} placement="full-dark" labelledBy={titleId}>
      <div className="flex h-16 shrink-0 items-center justify-between px-4">
        <h2 id={titleId} className="truncate font-display text-xl font-bold uppercase">
          {name}
        </h2>
        <button
          type="button"
          aria-label="Close zoom"
          onClick={onClose}
          className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/10"
        >
          <X aria-hidden="true" />
        </button>
      </div>
      <div className="flex flex-1 items-center justify-center overflow-hidden p-4">
        <button
          type="button"
          onClick={onZoomClick}
          aria-label={magnified ? 'Zoom out' : 'Zoom in'}
          className={`relative max-h-full max-w-[min(100%,80vh)] overflow-hidden rounded-2xl ${magnified ? 'cursor-zoom-out' : 'cursor-zoom-in'}`}
        >
          <img
            src={imageSrc(current)}
            alt={name}
            width={600}
            height={600}
            className="h-auto max-h-[calc(100svh-8rem)] w-auto transition-transform duration-300"
            style={{ transform: magnified ? 'scale(2.2)' : 'none', transformOrigin: origin }}
          />
          <span
            className="absolute right-3 bottom-3 flex h-10 w-10 items-center justify-center rounded-full bg-ink/70"
            aria-hidden="true"
          >
            {magnified ? <ZoomOut size={18} /> : <ZoomIn size={18} />}
          </span>
        </button>
      </div>
      {images.length > 1 && (
        <div className="flex justify-center gap-2 pb-6">
          {images.map((path, i) => (
            <button
              key={path}
              type="button"
              aria-label={`Show image ${i + 1} of ${images.length}`}
              aria-current={i === index}
              onClick={() => {
                onShow(i);
                setMagnified(false);
              }}
              className={`h-3 w-3 rounded-full ${i === index ? 'bg-volt' : 'bg-white/40'}`}
            />
          ))}
        </div>
      )}
    </Overlay>
  );
}
