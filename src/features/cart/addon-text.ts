/** Words for add-on group rules and for a choice that breaks them. */
import type { AddonCategory } from '../../api/entities.ts';
import { addonLimits, type AddonChoiceProblem } from '../../api/cart/rules.ts';
import type { Translate } from '../../base/settings-and-language.tsx';

/** "Choose 1", "Choose 1 to 3", "Choose up to 2"… from a group's min/max (null max: any number). */
export function addonRuleText(group: Pick<AddonCategory, 'type' | 'min_select' | 'max_select'>, t: Translate): string {
  const min = Math.max(0, group.min_select);
  const max = group.type === 'SINGLE' ? 1 : group.max_select;
  if (group.type === 'SINGLE' && min >= 1) return t('addonPickOne');
  if (max !== null && min === max) return t('addonPickExactly', { count: max });
  if (max !== null && min > 0) return t('addonPickRange', { min, max });
  if (max !== null) return t('addonPickUpTo', { max });
  if (min > 0) return t('addonPickAtLeast', { min });
  return t('addonOptional');
}

export function isRequiredGroup(group: Pick<AddonCategory, 'type' | 'min_select' | 'max_select'>): boolean {
  return addonLimits(group).min > 0;
}

/** What to do about a broken rule, naming the group. */
export function addonProblemText(problem: AddonChoiceProblem, groupName: string, t: Translate): string {
  if (problem.kind === 'unknown-addon') return t('addonProblemStale');
  if (problem.max !== null && problem.min === problem.max) return t('addonProblemExactly', { count: problem.min, group: groupName });
  if (problem.kind === 'too-few') return t('addonProblemAtLeast', { min: problem.min, group: groupName });
  return t('addonProblemAtMost', { max: problem.max ?? 0, group: groupName });
}
