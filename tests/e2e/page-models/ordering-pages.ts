/**
 * Ordering as a customer meets it: a dish's sheet with its add-ons and
 * quantity, the cart, the checkout, the running order and the rating form.
 * Tests speak in these terms; selectors live here only. The replica's cart
 * lines are readable too, to tell which availability check marked them.
 */
import type { Locator, Page } from 'playwright-core';

export interface ReplicaCartLine {
  id: string;
  name?: string;
  quantity: number;
  verdict?: { available: boolean; checkedAt: string };
}

export class OrderingPages {
  constructor(readonly page: Page) {}

  // Around the screens.
  /** The number on the tab bar's cart icon (absent while the cart is empty). */
  get cartBadge(): Locator {
    return this.page.getByTestId('tab-badge-cart');
  }
  get backButton(): Locator {
    return this.page.getByRole('button', { name: 'Back', exact: true });
  }
  get gdprBanner(): Locator {
    return this.page.getByTestId('gdpr-banner');
  }
  async acceptGdpr(): Promise<void> {
    await this.gdprBanner.getByRole('button', { name: 'Accept', exact: true }).click();
  }

  // Home, the store page and a dish's sheet.
  storeCard(name: string): Locator {
    return this.page.getByTestId('store-card').filter({ hasText: name }).first();
  }
  storeHeading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }
  menuItem(name: string): Locator {
    return this.page.getByTestId('menu-item').filter({ hasText: name }).first();
  }
  /** Scrolls the menu (a windowed list: rows far down are not in the page yet) until the dish shows, and opens it. */
  async openDish(name: string): Promise<void> {
    const dish = this.menuItem(name);
    // The menu first: scrolling a page whose menu has not arrived yet finds nothing (a cold store page on a busy machine).
    await this.page.getByTestId('menu-item').first().waitFor({ timeout: 30_000 });
    for (let step = 0; step < 40 && (await dish.count()) === 0; step += 1) {
      await this.page.mouse.wheel(0, 300);
      // The windowed list renders its new rows on the next frames.
      await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    await dish.click({ timeout: 20_000 });
  }
  get itemSheet(): Locator {
    return this.page.getByTestId('item-sheet');
  }
  addonGroup(name: string): Locator {
    return this.itemSheet.getByRole('group', { name: new RegExp(`^${name}`) });
  }
  /** Why the group's choice cannot be added, once the customer tried. */
  addonProblem(group: string): Locator {
    return this.addonGroup(group).locator('.addon-problem');
  }
  addonChoice(group: string, addon: string | RegExp, kind: 'radio' | 'checkbox'): Locator {
    return this.addonGroup(group).getByRole(kind, { name: addon });
  }
  /** The sheet's "Add to cart · $x" button. */
  get addToCart(): Locator {
    return this.itemSheet.getByRole('button', { name: /^Add to cart/ });
  }
  increaseQuantity(dish: string): Locator {
    return this.page.getByRole('button', { name: `Increase quantity of ${dish}`, exact: true });
  }
  get storeCartBar(): Locator {
    return this.page.getByTestId('store-cart-bar');
  }

  // The cart.
  get cartLines(): Locator {
    return this.page.getByTestId('cart-line');
  }
  cartLine(name: string): Locator {
    return this.cartLines.filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }
  /** What a line's quantity stepper says to a screen reader ("Quantity of Tiramisù: 1"). */
  lineQuantity(name: string): Locator {
    return this.cartLine(name).locator('.stepper-value .visually-hidden');
  }
  get cartSubtotal(): Locator {
    return this.page.getByTestId('cart-subtotal');
  }
  get cartCheck(): Locator {
    return this.page.getByTestId('cart-check');
  }
  get unavailableReasons(): Locator {
    return this.page.getByTestId('unavailable-reason');
  }
  get checkoutLink(): Locator {
    return this.page.getByRole('link', { name: 'Checkout', exact: true });
  }

  // The checkout.
  get checkoutForm(): Locator {
    return this.page.getByTestId('checkout-form');
  }
  orderType(name: 'Delivery' | 'Self pickup'): Locator {
    return this.checkoutForm.getByRole('button', { name, exact: true });
  }
  get savedAddressOptions(): Locator {
    return this.page.getByTestId('address-option');
  }
  paymentOption(mode: 'COD' | 'WALLET' | 'STRIPE'): Locator {
    return this.page.getByTestId(`payment-${mode}`);
  }
  get priceBreakdown(): Locator {
    return this.page.getByTestId('price-breakdown');
  }
  priceRow(id: 'subtotal' | 'store-charge' | 'delivery-fee' | 'tax' | 'total'): Locator {
    return this.page.getByTestId(`price-${id}`).locator('dd');
  }
  get placeOrder(): Locator {
    return this.page.getByRole('button', { name: /^Place order/ });
  }

  // The running order.
  get orderStatus(): Locator {
    return this.page.getByTestId('order-status');
  }
  /** The timeline's current step (aria-current="step"). */
  get currentStep(): Locator {
    return this.page.locator('[data-testid="order-step"][aria-current="step"]');
  }
  get deliveryPin(): Locator {
    return this.page.getByTestId('delivery-pin-code');
  }
  get driverCard(): Locator {
    return this.page.getByTestId('driver-card');
  }
  driverPart(part: 'driver-map' | 'map-driver' | 'map-heading' | 'driver-distance' | 'driver-position-time'): Locator {
    return this.driverCard.getByTestId(part);
  }
  get rateOrderLink(): Locator {
    return this.page.getByRole('link', { name: 'Rate your order', exact: true });
  }

  // The rating.
  get ratingForm(): Locator {
    return this.page.getByTestId('rating-form');
  }
  /** A star as the eye sees it: the label around the visually hidden radio. */
  star(field: 'store-stars' | 'driver-stars', stars: number): Locator {
    return this.page.getByTestId(field).locator('label', { has: this.page.locator(`input[value="${stars}"]`) });
  }
  starRadio(field: 'store-stars' | 'driver-stars', stars: number): Locator {
    return this.page.getByTestId(field).locator(`input[value="${stars}"]`);
  }
  get ratingComment(): Locator {
    return this.page.getByLabel('Comment (optional)', { exact: true });
  }
  get sendRating(): Locator {
    return this.page.getByRole('button', { name: 'Send rating', exact: true });
  }
  get ratingThanks(): Locator {
    return this.page.getByTestId('rating-thanks');
  }
  get storeReviewsLink(): Locator {
    return this.ratingThanks.getByRole('link');
  }
  review(comment: string): Locator {
    return this.page.getByText(comment, { exact: true });
  }

  /** The replica's cart lines, as the worker wrote them. */
  async replicaCartLines(): Promise<ReplicaCartLine[]> {
    return this.page.evaluate(
      () =>
        new Promise<ReplicaCartLine[]>((resolve, reject) => {
          const open = indexedDB.open('foodpilot');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const request = db.transaction('cartLines', 'readonly').objectStore('cartLines').getAll();
            request.onsuccess = () => {
              db.close();
              resolve(request.result as ReplicaCartLine[]);
            };
            request.onerror = () => reject(request.error);
          };
        }),
    );
  }
}

/** "$34.50" → 3450 (the demo city prices in US dollars). */
export function centsOf(text: string | null): number {
  const match = /(-)?\$(\d+)\.(\d{2})/.exec(text ?? '');
  if (!match) throw new Error(`no dollar amount in ${JSON.stringify(text)}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}
