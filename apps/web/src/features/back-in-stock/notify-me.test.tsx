import { fireEvent, screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import { NotifyMe } from './notify-me';

function open(soldOut: string[]) {
  const api = fakeApi();
  renderApp(<Route path="/" element={<NotifyMe productId={7} soldOut={soldOut} />} />, '/');
  return api;
}

const status = () => screen.getByRole('status').textContent;

describe('NotifyMe', () => {
  it('takes a guest’s email for the sold-out size and asks them to confirm it from their inbox', async () => {
    const api = open(['XL']);
    api.on('back_in_stock.php', (body) =>
      ok({ success: true, email: String(body.email), needs_confirmation: true }),
    );
    expect(screen.getByText("Size XL sold out? We'll email you when it's back.")).toBeTruthy();
    // The field shows once the guest asks, with the focus in it.
    expect(screen.queryByLabelText('Email')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(api.calls['back_in_stock.php']).toBeUndefined();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await eventually(() =>
      expect(status()).toBe(
        "Check your inbox to confirm: we sent a link to asha@example.com. Once you confirm, we'll email you when size XL is back in stock.",
      ),
    );
    expect(api.calls['back_in_stock.php']).toEqual([
      { product_id: 7, size: 'XL', email: 'asha@example.com' },
    ]);
  });

  it('lets a logged-in shopper pick among the sold-out sizes without typing an email', async () => {
    logInLocally(5);
    const api = open(['M', 'XL']);
    api.on('back_in_stock.php', () =>
      ok({ success: true, email: 'asha@kitroom.in', needs_confirmation: false }),
    );
    expect(screen.queryByLabelText('Email')).toBeNull();
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'XL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await eventually(() =>
      expect(status()).toBe("We'll email asha@kitroom.in when size XL is back in stock."),
    );
    expect(api.calls['back_in_stock.php']).toEqual([{ product_id: 7, size: 'XL', user_id: 5 }]);
  });

  it('shows the server’s refusal in its words', async () => {
    const api = open(['M']);
    api.on('back_in_stock.php', () => refuse(409, 'Size M is in stock: you can order it now.'));
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await eventually(() => expect(status()).toBe('Size M is in stock: you can order it now.'));
  });

  it('shows nothing when no size is sold out', () => {
    open([]);
    expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull();
  });
});
