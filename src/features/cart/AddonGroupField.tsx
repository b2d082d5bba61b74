/**
 * One add-on group of the item sheet: radios for a SINGLE group (with "None"
 * when it is optional), checkboxes for a MULTI group whose unchosen boxes
 * lock once its maximum is reached. The rule shows beside the name, required
 * groups say so, and a broken rule is said in words under the group.
 */
import type { AddonCategory } from '../../api/entities.ts';
import { addonLimits } from '../../api/cart/rules.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { addonRuleText, isRequiredGroup } from './addon-text.ts';

interface AddonGroupFieldProps {
  group: AddonCategory;
  chosen: readonly number[];
  onChange(chosen: number[]): void;
  /** Words for the rule this group breaks, shown once the customer tried to add. */
  problem: string | null;
}

export function AddonGroupField({ group, chosen, onChange, problem }: AddonGroupFieldProps) {
  const t = useT();
  const money = useMoney();
  const { max } = addonLimits(group);
  const required = isRequiredGroup(group);
  const single = group.type === 'SINGLE';
  const inputName = `addon-group-${group.id}`;
  const problemId = `${inputName}-problem`;
  const full = !single && max !== null && chosen.length >= max;

  const toggle = (addonId: number, checked: boolean) => {
    if (single) onChange(checked ? [addonId] : []);
    else onChange(checked ? [...chosen, addonId] : chosen.filter((id) => id !== addonId));
  };

  return (
    <fieldset className={`addon-group${problem ? ' addon-group-invalid' : ''}`} data-testid="addon-group" aria-describedby={problem ? problemId : undefined}>
      <legend className="addon-group-title">
        <span className="addon-group-name">{group.name}</span>
        <span className={`addon-rule${required ? ' addon-rule-required' : ''}`}>
          {addonRuleText(group, t)}
          {required && ` · ${t('addonRequired')}`}
        </span>
      </legend>
      <ul className="addon-options">
        {single && !required && (
          <li>
            <label className="addon-option">
              <input type="radio" name={inputName} checked={chosen.length === 0} onChange={() => onChange([])} />
              <span className="addon-option-name">{t('addonNone')}</span>
            </label>
          </li>
        )}
        {group.addons.map((addon) => {
          const checked = chosen.includes(addon.id);
          return (
            <li key={addon.id}>
              <label className="addon-option">
                <input
                  type={single ? 'radio' : 'checkbox'}
                  name={inputName}
                  value={addon.id}
                  checked={checked}
                  disabled={full && !checked}
                  onChange={(event) => toggle(addon.id, event.target.checked)}
                />
                <span className="addon-option-name">{addon.name}</span>
                {addon.price > 0 && <span className="addon-price">+{money(addon.price)}</span>}
              </label>
            </li>
          );
        })}
      </ul>
      {full && <p className="addon-hint">{t('addonMaxReached', { max: max ?? 0 })}</p>}
      {problem && (
        <p className="addon-problem" id={problemId}>
          {problem}
        </p>
      )}
    </fieldset>
  );
}
