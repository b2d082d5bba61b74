/** The content pages of the demo city, shown at /pages/:slug. */
export const DEMO_PAGES = [
  {
    name: 'About us',
    slug: 'about-us',
    body: `<h2>Food from Riverton's own kitchens</h2>
<p>FoodPilot brings the trattorias, noodle bars, bakeries and grills of Riverton to your door, or has your order ready when you walk in.</p>
<p>Every store on FoodPilot is a local business. We take a small fee per order and nothing from your tip.</p>`,
  },
  {
    name: 'Delivery and pickup',
    slug: 'delivery-and-pickup',
    body: `<h2>How delivery works</h2>
<ul><li>Stores deliver within their own radius; the store page shows it.</li>
<li>Self pickup orders are ready at the time the store gives you.</li>
<li>Our drivers can confirm a delivery even where the network is poor: nothing you ordered gets lost.</li></ul>`,
  },
  {
    name: 'Terms of service',
    slug: 'terms',
    body: `<h2>Terms of service</h2>
<p>By placing an order you agree to pay the price shown at checkout. Stores may cancel an order they cannot prepare; any payment is then refunded to your wallet or card.</p>`,
  },
  {
    name: 'Privacy',
    slug: 'privacy',
    body: `<h2>Privacy</h2>
<p>We keep your name, phone number, addresses and orders to deliver your food. Your cart and preferences are stored on your own device. You can delete your account at any time from the account page.</p>`,
  },
] as const;
