// The product pictures: a main image, thumbnails, and a full-screen zoom.
import { Maximize2, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useId, useState, type MouseEvent } from 'react';
import { Overlay } from '@/ui/overlay';
import { ProductImage } from '@/ui/product-image';
import { imageSrc } from '@/ui/product-text';

interface GalleryProps {
  name: string;
  images: string[];
}

export function ProductGallery({ name, images }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const [zoomOpen, setZoomOpen] = useState(false);
  const [magnified, setMagnified] = useState(false);
  const [origin, setOrigin] = useState('50% 50%');
  const titleId = useId();
  const current = images[Math.min(index, images.length - 1)];

  function onZoomClick(event: MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setOrigin(`${x}% ${y}%`);
    setMagnified((m) => !m);
  }

  return (
    <div className="flex flex-col gap-3 self-start md:sticky md:top-20 md:flex-row-reverse md:items-start">
      <div className="relative flex-1 overflow-hidden rounded-2xl bg-paper">
        <ProductImage
          key={current}
          path={current}
          alt={name}
          priority
          sizes="(min-width: 768px) 50vw, 100vw"
        />
        {current && (
          <button
            type="button"
            onClick={() => setZoomOpen(true)}
            aria-label="Zoom image"
            className="absolute right-3 bottom-3 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white"
          >
            <Maximize2 aria-hidden="true" size={20} />
          </button>
        )}
      </div>
      {images.length > 1 && (
        <ul className="flex gap-2 md:w-20 md:flex-col" aria-label="Product images">
          {images.map((path, i) => (
            <li key={path} className="w-20">
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-current={i === index}
                onClick={() => setIndex(i)}
                className={`block w-full overflow-hidden rounded-xl border-2 ${i === index ? 'border-ink' : 'border-transparent opacity-80 hover:opacity-100'}`}
              >
                <ProductImage path={path} alt="" width={80} height={80} sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}

      <Overlay
        open={zoomOpen}
        onClose={() => {
          setZoomOpen(false);
          setMagnified(false);
        }}
        placement="full-dark"
        labelledBy={titleId}
      >
        <div className="flex h-16 shrink-0 items-center justify-between px-4">
          <h2 id={titleId} className="truncate font-display text-xl font-bold uppercase">
            {name}
          </h2>
          <button
            type="button"
            aria-label="Close zoom"
            onClick={() => {
              setZoomOpen(false);
              setMagnified(false);
            }}
            className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/10"
          >
            <X aria-hidden="true" />
          </button>
        </div>
        <div className="flex flex-1 items-center justify-center overflow-hidden p-4">
          {current && (
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
          )}
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
                  setIndex(i);
                  setMagnified(false);
                }}
                className={`h-3 w-3 rounded-full ${i === index ? 'bg-volt' : 'bg-white/40'}`}
              />
            ))}
          </div>
        )}
      </Overlay>
    </div>
  );
}
