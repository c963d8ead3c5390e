// The product page's modals: a size to choose before Add to Cart or Buy Now, a login before
// buying (the page loads them when one first shows).
import { buttonClass } from '@/ui/button-class';
import { Dialog } from '@/ui/dialog';

export type Notice = 'size-for-cart' | 'size-for-buy' | 'login';

interface ProductNoticeProps {
  notice: Notice;
  onClose: () => void;
  onLogin: () => void;
}

export default function ProductNotice({ notice, onClose, onLogin }: ProductNoticeProps) {
  return (
    <>
      <Dialog
        open={notice !== 'login'}
        onClose={onClose}
        title="Size Not Selected"
        actions={
          <button type="button" className={buttonClass()} onClick={onClose}>
            OK
          </button>
        }
      >
        <p>
          {notice === 'size-for-buy'
            ? 'Please select a size before buying the item.'
            : 'Please select a size before adding the item to your cart.'}
        </p>
      </Dialog>
      <Dialog
        open={notice === 'login'}
        onClose={onClose}
        title="Login Required"
        actions={
          <>
            <button type="button" className={buttonClass('ghost')} onClick={onLogin}>
              Go to Login
            </button>
            <button type="button" className={buttonClass()} onClick={onClose}>
              OK
            </button>
          </>
        }
      >
        <p>Please login to continue purchase.</p>
      </Dialog>
    </>
  );
}
