import { describe, expect, it } from 'vitest';
import { editDistance, matchesSearch, searchQuery, searchWords } from '../../../src/api/catalog/search-match.ts';

const finds = (query: string, ...texts: string[]) => matchesSearch(searchQuery(query), ...texts);

describe('search matching', () => {
  it('splits words, lower case, without accents', () => {
    expect(searchWords('Jalapeño Poppers (6), crème brûlée')).toEqual(['jalapeno', 'poppers', '6', 'creme', 'brulee']);
  });

  it('finds by the start of a word, singular or plural, and with accents or without', () => {
    expect(finds('marg', 'Margherita')).toBe(true);
    expect(finds('pizzas', 'Pizza Bianca')).toBe(true);
    expect(finds('pizza', 'Wood-fired Pizzas')).toBe(true);
    expect(finds('berries', 'Mixed Berry Smoothie')).toBe(true);
    expect(finds('jalapeno', 'Jalapeño Poppers')).toBe(true);
  });

  it('forgives a typo in a word of four letters or more, two in a long word, none in a short one', () => {
    expect(finds('magherita', 'Margherita')).toBe(true);
    expect(finds('piza', 'Pizza')).toBe(true);
    expect(finds('margeh', 'Margherita')).toBe(true);
    expect(finds('tikka masla', 'Chicken Tikka Masala')).toBe(true);
    expect(finds('quesadila', 'Chicken Quesadilla')).toBe(true);
    expect(finds('tca', 'Taco')).toBe(false);
    expect(finds('sushi', 'Pizza')).toBe(false);
  });

  it('finds a dish by its menu section: "pizza" finds a Margherita under Pizza', () => {
    expect(finds('pizza', 'Margherita', 'Pizza')).toBe(true);
    expect(finds('margherita pizza', 'Margherita', 'Pizza')).toBe(true);
    expect(finds('margherita burger', 'Margherita', 'Pizza')).toBe(false);
  });

  it('matches nothing for an empty query', () => {
    expect(finds('  ', 'Pizza')).toBe(false);
  });

  it('counts swapped letters as one typo and stops counting past the limit', () => {
    expect(editDistance('tcao', 'taco', 1)).toBe(1);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
  });
});
