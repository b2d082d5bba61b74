import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAX_RATING_COMMENT_LENGTH } from '../../../../src/api/orders/limits.ts';
import { SAMPLE_RATABLE_ORDER } from '../../support/tracking-doubles.ts';
import { renderApp } from '../../support/render-app.tsx';
import { ORDER_ID, historyOf, placedOrder, putRunningOrder, runningRow, signIn, tracking } from '../running-order/fixtures.ts';

const SLOW = { timeout: 5000 };
const PATH = `/rate-order/${ORDER_ID}`;
const refusal = (reason: 'conflict' | 'invalid', code: 'ALREADY_RATED' | 'ORDER_NOT_RATABLE' | 'NOT_FOUND') => ({ ok: false as const, reason, code, message: code });

async function openForm(options: Parameters<typeof renderApp>[0] = {}) {
  const app = await renderApp({ path: PATH, ...options });
  await signIn(app.db);
  await screen.findByTestId('rating-form', {}, SLOW);
  return app;
}

describe('rate an order (/rate-order/:id)', () => {
  it('rates the store and the driver with labelled radio groups and a comment, then thanks and leads to the reviews', async () => {
    const { worker } = await openForm();
    expect(screen.getByRole('heading', { name: 'How was your order from Nonna Lucia Trattoria?' })).toBeInTheDocument();
    expect(worker.openRatableOrder).toHaveBeenCalledWith(ORDER_ID);

    const storeStars = screen.getByRole('group', { name: 'Your stars for Nonna Lucia Trattoria' });
    expect(within(storeStars).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    await userEvent.click(within(storeStars).getByRole('radio', { name: '4 stars: very good' }));
    expect(within(storeStars).getByRole('radio', { name: '4 stars: very good' })).toBeChecked();
    expect(storeStars.querySelectorAll('.star.is-on')).toHaveLength(4);

    const driverStars = screen.getByRole('group', { name: 'Your stars for Priya Natarajan, your driver (optional)' });
    await userEvent.click(within(driverStars).getByRole('radio', { name: '5 stars: excellent' }));

    const comment = screen.getByRole('textbox', { name: 'Comment (optional)' });
    await userEvent.type(comment, 'Hot and quick.');
    expect(screen.getByTestId('comment-count')).toHaveTextContent(`14 of ${MAX_RATING_COMMENT_LENGTH} characters`);
    expect(comment).toHaveAccessibleDescription(`It shows with your first name on the store’s reviews. 14 of ${MAX_RATING_COMMENT_LENGTH} characters`);

    await userEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    const thanks = await screen.findByTestId('rating-thanks');
    expect(worker.rateOrder).toHaveBeenCalledWith({ uniqueOrderId: ORDER_ID, rating: 4, comment: 'Hot and quick.', driverRating: 5 });
    expect(within(thanks).getByRole('heading', { name: 'Thank you for your rating!' })).toHaveFocus();
    expect(within(thanks).getByRole('link', { name: 'See the reviews of Nonna Lucia Trattoria' })).toHaveAttribute('href', '/reviews/nonna-lucia-trattoria');
  });

  it('works with the keyboard alone: tab to the stars, choose with the arrows and space, send with enter', async () => {
    const { worker } = await openForm();
    const storeStars = screen.getByRole('group', { name: 'Your stars for Nonna Lucia Trattoria' });
    const first = within(storeStars).getByRole('radio', { name: '1 star: poor' });
    // Past the back button, the first stop in the form is the store's stars.
    await userEvent.tab();
    await userEvent.tab();
    expect(first).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(first).toBeChecked();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    const third = within(storeStars).getByRole('radio', { name: '3 stars: good' });
    expect(third).toBeChecked();
    expect(third).toHaveFocus();
    expect(within(storeStars).getByText('3 stars: good', { selector: '.stars-choice' })).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(worker.rateOrder).toHaveBeenCalledWith(expect.objectContaining({ rating: 3, comment: '', driverRating: null })));
  });

  it('requires the store stars, moving the focus to them, and refuses a comment over the limit, asking the worker nothing', async () => {
    const { worker } = await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('Choose from 1 to 5 stars for the store.')).toBeInTheDocument();
    const storeStars = screen.getByRole('group', { name: 'Your stars for Nonna Lucia Trattoria' });
    expect(within(storeStars).getByRole('radio', { name: '1 star: poor' })).toHaveFocus();
    expect(storeStars).toHaveAccessibleDescription('Choose from 1 to 5 stars for the store.');

    await userEvent.click(within(storeStars).getByRole('radio', { name: '3 stars: good' }));
    expect(screen.queryByText('Choose from 1 to 5 stars for the store.')).toBeNull();
    // Typing stops at the limit (maxLength); a paste from elsewhere may not, so the form checks too.
    const comment = screen.getByRole('textbox', { name: 'Comment (optional)' });
    expect(comment).toHaveAttribute('maxLength', String(MAX_RATING_COMMENT_LENGTH));
    fireEvent.change(comment, { target: { value: 'x'.repeat(MAX_RATING_COMMENT_LENGTH + 1) } });
    expect(screen.getByTestId('comment-count')).toHaveTextContent(`${MAX_RATING_COMMENT_LENGTH + 1} of ${MAX_RATING_COMMENT_LENGTH} characters`);
    await userEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText(`The comment is too long: at most ${MAX_RATING_COMMENT_LENGTH} characters.`)).toBeInTheDocument();
    expect(comment).toHaveFocus();
    expect(worker.rateOrder).not.toHaveBeenCalled();
  });

  it('asks no driver stars for a self-pickup order', async () => {
    await openForm({
      worker: { openRatableOrder: vi.fn(async () => ({ ok: true as const, value: { ...SAMPLE_RATABLE_ORDER, order_type: 'SELFPICKUP' as const, driver_name: null } })) },
    });
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(screen.queryByText(/your driver/)).toBeNull();
  });

  it('explains ALREADY_RATED on sending and keeps what was typed', async () => {
    await openForm({ worker: { rateOrder: vi.fn(async () => refusal('conflict', 'ALREADY_RATED')) } });
    const storeStars = screen.getByRole('group', { name: 'Your stars for Nonna Lucia Trattoria' });
    await userEvent.click(within(storeStars).getByRole('radio', { name: '2 stars: fair' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), 'Cold fries.');
    await userEvent.click(screen.getByRole('button', { name: 'Send rating' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You already rated this order. Thank you!');
    expect(screen.getByRole('link', { name: 'See the reviews of Nonna Lucia Trattoria' })).toHaveAttribute('href', '/reviews/nonna-lucia-trattoria');
    expect(within(storeStars).getByRole('radio', { name: '2 stars: fair' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('Cold fries.');
  });

  it('offline says that sending needs the network, and keeps the rating to send once back', async () => {
    const rateOrder = vi.fn(async () => ({ ok: false as const, reason: 'offline' as const }));
    const { db } = await openForm({ worker: { rateOrder } });
    await act(() => db.syncState.put({ resource: 'connectivity', fetchedAt: null, version: null, error: 'offline', errorAt: Date.now() }));
    expect(await screen.findByTestId('rating-offline')).toHaveTextContent('You are offline. Your rating stays here: send it once you are back online.');

    await userEvent.click(screen.getAllByRole('radio', { name: '5 stars: excellent' })[0]!);
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), 'Lovely.');
    await userEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are offline. Your rating stays here');
    expect(screen.getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('Lovely.');

    await act(() => db.syncState.put({ resource: 'connectivity', fetchedAt: Date.now(), version: null, error: null, errorAt: null }));
    await waitFor(() => expect(screen.queryByTestId('rating-offline')).toBeNull());
  });

  it('explains an order that cannot be rated yet, and one rated before, with the way on', async () => {
    const early = await renderApp({ path: PATH, worker: { openRatableOrder: vi.fn(async () => refusal('conflict', 'ORDER_NOT_RATABLE')) } });
    await signIn(early.db);
    const notYet = await screen.findByTestId('rating-unavailable', {}, SLOW);
    expect(notYet).toHaveTextContent('Only a delivered order can be rated.');
    expect(within(notYet).getByRole('link', { name: 'See where your order is' })).toHaveAttribute('href', `/running-order/${ORDER_ID}`);
    early.unmount();

    const done = await renderApp({ path: PATH, worker: { openRatableOrder: vi.fn(async () => refusal('conflict', 'ALREADY_RATED')) } });
    await signIn(done.db);
    await done.db.orders.put(placedOrder({ status: 5, history: historyOf(1, 2, 3, 4, 5) }));
    const rated = await screen.findByTestId('rating-unavailable', {}, SLOW);
    expect(rated).toHaveTextContent('You already rated this order. Thank you!');
    expect(await within(rated).findByRole('link', { name: 'See the reviews of Nonna Lucia Trattoria' })).toHaveAttribute('href', '/reviews/nonna-lucia-trattoria');
  });

  it('offline, a delivered order the device knows can still be rated; one it does not know shows the offline screen', async () => {
    const offline = vi.fn(async () => ({ ok: false as const, reason: 'offline' as const }));
    const known = await renderApp({ path: PATH, worker: { openRatableOrder: offline } });
    await signIn(known.db);
    const driver = { name: 'Priya Natarajan', latitude: null, longitude: null, located_at: null };
    await putRunningOrder(
      known.db,
      runningRow({ link: 'idle', tracking: tracking({ status: 5, history: historyOf(1, 2, 3, 4, 5), driver }) }),
      placedOrder({ status: 5, history: historyOf(1, 2, 3, 4, 5), driver }),
    );
    expect(await screen.findByTestId('rating-form', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Your stars for Priya Natarajan, your driver (optional)' })).toBeInTheDocument();
    known.unmount();

    const unknown = await renderApp({ path: PATH, worker: { openRatableOrder: offline } });
    await signIn(unknown.db);
    expect(await screen.findByTestId('offline-screen', {}, SLOW)).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in, and an order that is not theirs is not found', async () => {
    const signedOut = await renderApp({ path: PATH });
    expect(await screen.findByText('Sign in to rate your order.', {}, SLOW)).toBeInTheDocument();
    expect(signedOut.worker.openRatableOrder).not.toHaveBeenCalled();
    signedOut.unmount();

    const stranger = await renderApp({ path: PATH, worker: { openRatableOrder: vi.fn(async () => refusal('invalid', 'NOT_FOUND')) } });
    await signIn(stranger.db);
    expect(await screen.findByText('Page not found', {}, SLOW)).toBeInTheDocument();
  });
});
