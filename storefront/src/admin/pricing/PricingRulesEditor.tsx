import type { AdminBrand } from '@contrail/shared/admin/brands';
import { describeMarkup, describeMatch } from '@contrail/shared/pricing/describe';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash';
import { useState, type FormEvent } from 'react';
import { errorMessage, toApiError } from '../../app/api-error';
import { TextField } from '../../forms/fields';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/use-toast';
import { useSetBrandPricingMutation } from '../adminApi';
import { useStaffCan } from '../use-staff-can';
import {
  moveRule,
  newRuleDraft,
  pricingDraftOf,
  pricingOfDraft,
  type PricingErrors,
  type RuleDraft,
} from './pricing-draft';
import { PricingPreview } from './PricingPreview';
import { MarkupFields, RuleFields } from './RuleFields';

/** The engine names a rule's match fields under `pricing.rules.N.match.`; the form without both. */
const formPath = (path: string) => path.replace(/^pricing\./, '').replace('.match.', '.');

/**
 * A brand's pricing rules (issue 32): tried in order, the first that matches a trip prices it, the
 * default prices the rest, never under the platform's minimum margin. A platform admin edits them
 * and says why; everyone else who sees the brand reads them. The preview prices a made-up trip
 * with the rules as edited.
 */
export function PricingRulesEditor({ brand }: { brand: AdminBrand }) {
  const mayEdit = useStaffCan()('brands.edit-commercial', brand.key);
  const [draft, setDraft] = useState(() => pricingDraftOf(brand.pricing));
  const [open, setOpen] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [serverErrors, setServerErrors] = useState<PricingErrors>({});
  const [save, saving] = useSetBrandPricingMutation();
  const checked = pricingOfDraft(draft);
  const errors = { ...('errors' in checked ? checked.errors : {}), ...serverErrors };
  const setRules = (rules: RuleDraft[]) => {
    setServerErrors({});
    setDraft({ ...draft, rules });
  };
  const setRule = (index: number, rule: RuleDraft) =>
    setRules(draft.rules.map((old, at) => (at === index ? rule : old)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!('pricing' in checked)) return;
    try {
      await save({ key: brand.key, pricing: checked.pricing, reason }).unwrap();
      toast({ title: 'Pricing Saved', description: `${brand.name}'s new prices apply to the next search.` });
      setReason('');
      setOpen(null);
    } catch (error) {
      const fields = toApiError(error).fieldErrors;
      setServerErrors(Object.fromEntries(Object.entries(fields).map(([path, message]) => [formPath(path), message])));
      toast({
        title: 'Failed to Save Pricing',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={submit} noValidate className="grid gap-5" aria-labelledby="pricing-rules">
        <div>
          <h2 id="pricing-rules" className="text-base font-semibold text-foreground">
            Pricing rules
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Tried from the top: the first rule that matches a trip prices it; the default prices the rest. Prices are
            rounded up to whole units.{mayEdit ? '' : ' Only a platform admin changes them.'}
          </p>
        </div>
        {draft.rules.length === 0 ? (
          <p className="text-sm text-muted-foreground">No rules yet: every trip is priced by the default.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Rules, first match wins">
            {draft.rules.map((rule, index) => (
              <li key={rule.id} className="rounded-[var(--radius)] border border-border p-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-foreground">
                      {index + 1}. {rule.name || 'Unnamed rule'}
                    </p>
                    <p className="text-sm break-words text-muted-foreground">{ruleSummary(rule)}</p>
                  </div>
                  {mayEdit && (
                    <div className="flex gap-1">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Move ${rule.name} up`}
                        disabled={index === 0}
                        onClick={() => setRules(moveRule(draft.rules, index, -1))}
                      >
                        <ArrowUp className="h-4 w-4" aria-hidden />
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Move ${rule.name} down`}
                        disabled={index === draft.rules.length - 1}
                        onClick={() => setRules(moveRule(draft.rules, index, 1))}
                      >
                        <ArrowDown className="h-4 w-4" aria-hidden />
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Edit ${rule.name}`}
                        aria-expanded={open === rule.id}
                        onClick={() => setOpen(open === rule.id ? null : rule.id)}
                      >
                        <Pencil className="h-4 w-4" aria-hidden />
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Remove ${rule.name}`}
                        onClick={() => setRules(draft.rules.filter((_, at) => at !== index))}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </Button>
                    </div>
                  )}
                </div>
                {mayEdit && open === rule.id && (
                  <div className="mt-3 border-t border-border pt-3">
                    <RuleFields
                      rule={rule}
                      onChange={(next) => setRule(index, next)}
                      errors={errors}
                      prefix={`rules.${index}`}
                    />
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
        {mayEdit ? (
          <>
            <Button
              variant="outline"
              className="justify-self-start"
              onClick={() => {
                const rule = newRuleDraft(draft.rules);
                setRules([...draft.rules, rule]);
                setOpen(rule.id);
              }}
            >
              <Plus className="h-4 w-4" aria-hidden /> Add rule
            </Button>
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-semibold text-foreground">Default (every other trip)</legend>
              <MarkupFields
                markup={draft.fallback}
                onChange={(fallback) => setDraft({ ...draft, fallback })}
                errors={errors}
                prefix="fallback"
              />
            </fieldset>
            <TextField
              label="Minimum margin (%)"
              inputMode="decimal"
              value={draft.minimumMarginPercent}
              onChange={(event) => setDraft({ ...draft, minimumMarginPercent: event.target.value })}
              error={errors.minimumMarginPercent}
              hint="No trip sells with less margin than this share of the provider's price, whatever the rules say."
            />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            Default: {'pricing' in checked ? describeMarkup(checked.pricing.fallback) : ''}; minimum margin{' '}
            {draft.minimumMarginPercent}%.
          </p>
        )}
        <PricingPreview pricing={'pricing' in checked ? checked.pricing : null} />
        {mayEdit && (
          <>
            <TextField
              label="Why this change"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={errors.reason}
              hint="Kept with the change in the brand's history (5 characters or more)."
            />
            <Button
              type="submit"
              className="justify-self-end"
              disabled={saving.isLoading || !('pricing' in checked) || reason.trim().length < 5}
            >
              {saving.isLoading && <Spinner className="h-4 w-4" />} Save pricing
            </Button>
          </>
        )}
      </form>
    </Card>
  );
}

function ruleSummary(rule: RuleDraft): string {
  const match = describeMatch({
    origin: rule.origin || undefined,
    destination: rule.destination || undefined,
    carrier: rule.carrier || undefined,
    cabin: rule.cabin || undefined,
    tripType: rule.tripType || undefined,
  });
  const markup = describeMarkup({ percent: Number(rule.percent) || 0, fixed: Number(rule.fixed) || 0, per: rule.per });
  return `${match}: ${markup}`;
}
