import { describe, expect, it } from 'vitest';
import { primaryFirstThenByName } from '../../../../src/features/location/popular-order.ts';

describe('the order of popular locations', () => {
  it('puts the primary location first and the rest by name, leaving the list it was given as it was', () => {
    const given = [
      { name: 'Zamalek', is_default: false },
      { name: 'Maadi', is_default: false },
      { name: 'Tahrir Square', is_default: true },
      { name: 'Heliopolis', is_default: false },
    ];
    expect(primaryFirstThenByName(given).map((location) => location.name)).toEqual(['Tahrir Square', 'Heliopolis', 'Maadi', 'Zamalek']);
    expect(given[0]?.name).toBe('Zamalek');
  });

  it('orders names whatever their case and accents, as a reader expects', () => {
    const given = ['Zurich', 'Örebro', 'ankara', 'Élysée', 'Oslo', 'Berlin'].map((name) => ({ name, is_default: false }));
    expect(primaryFirstThenByName(given).map((location) => location.name)).toEqual(['ankara', 'Berlin', 'Élysée', 'Örebro', 'Oslo', 'Zurich']);
  });
});
