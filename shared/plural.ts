/**
 * A number with its noun, singular or plural as English wants it ('1 item', '3 items', '0 items'),
 * chosen by Intl.PluralRules rather than a hand-written `n === 1`. Shared by the back office and
 * the functions (an audit entry's 'published 3 items').
 */
const rules = new Intl.PluralRules('en-US');

export const countOf = (n: number, one: string, other = `${one}s`) => `${n} ${rules.select(n) === 'one' ? one : other}`;
