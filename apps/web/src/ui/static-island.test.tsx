// A static island keeps the server's HTML, and its links lead within the app.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { StaticIsland } from './static-island';

const where = () => screen.getByTestId('where').textContent;

describe('a static island', () => {
  it('shows the server’s HTML and follows a plain click on a shop link in the app', () => {
    const server = document.createElement('div');
    server.id = 'links';
    server.innerHTML =
      '<a href="/contactUs">Contact Us</a><a href="https://instagram.com/kitroom" target="_blank">Instagram</a>';
    document.body.append(server);
    renderApp(null, '/allProducts', <StaticIsland id="links" />);
    server.remove();

    const contact = screen.getByRole('link', { name: 'Contact Us' });
    expect(fireEvent.click(contact, { ctrlKey: true })).toBe(true);
    expect(where()).toBe('/allProducts');
    expect(fireEvent.click(screen.getByRole('link', { name: 'Instagram' }))).toBe(true);
    expect(fireEvent.click(contact)).toBe(false);
    expect(where()).toBe('/contactUs');
  });
});
