import type { AdminBrand } from '@contrail/shared/admin/brands';
import { BRAND_FONTS, isBrandFont } from '@contrail/shared/brand/fonts';
import { serviceFeePolicy } from '@contrail/shared/booking/refund';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import ExternalLink from 'lucide-react/icons/external-link';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage, toApiError } from '../app/api-error';
import { CheckboxField, SelectField, TextField } from '../forms/fields';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { toast } from '../ui/use-toast';
import { useCreateBrandMutation, useUpdateBrandMutation } from './adminApi';
import { brandInputOf, draftErrors, draftOf, previewBrandOf, type BrandDraft, type DraftErrors } from './brand-draft';
import { BrandHistory } from './BrandHistory';
import { BrandPreview } from './BrandPreview';
import { PricingRulesEditor } from './pricing/PricingRulesEditor';
import { ColourField } from './ColourField';
import { LogoPreview } from './LogoPreview';
import { storefrontUrl } from './storefront-url';
import { useStaffCan } from './use-staff-can';
import { contrastWarnings } from '@contrail/shared/brand/contrast-warnings';

const COLOUR_LABELS = {
  primary: 'Primary colour',
  secondary: 'Secondary colour',
  accent: 'Accent colour',
  background: 'Background colour',
  text: 'Text colour',
} as const;

/** The bundled fonts; a brand saved earlier with another font keeps it as a choice until changed. */
function fontOptions(current: string) {
  const fonts = isBrandFont(current) || !current.trim() ? [...BRAND_FONTS] : [current, ...BRAND_FONTS];
  return fonts.map((font) => ({ value: font, label: isBrandFont(font) ? font : `${font} (not bundled)` }));
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t border-border pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full text-base font-semibold text-foreground">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** A saved brand's key (it never changes) and a link to its storefront, opened in a new tab. */
function BrandKeyLine({ brand }: { brand: AdminBrand }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
      <p>
        <span className="text-muted-foreground">Brand key </span>
        <code className="break-all font-mono text-foreground">{brand.key}</code>
      </p>
      <a
        href={storefrontUrl(brand, window.location)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 rounded-md font-medium text-primary-text hover:underline focus-visible:outline-2 focus-visible:outline-primary"
      >
        Open storefront <ExternalLink className="h-3.5 w-3.5" aria-hidden />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </div>
  );
}

function ContrastWarnings({ draft }: { draft: BrandDraft }) {
  const warnings = contrastWarnings(previewBrandOf(draft).theme);
  if (warnings.length === 0) {
    return <p className="text-sm text-[#2f7a0e]">Text on the primary, secondary and accent colours meets WCAG AA.</p>;
  }
  return (
    <ul aria-label="Contrast warnings" className="grid gap-2">
      {warnings.map((warning) => (
        <li
          key={warning.surface}
          className="flex items-start gap-2 rounded-[var(--radius)] border border-warning/50 bg-warning/10 p-3 text-sm text-foreground"
        >
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-[#8a5a00]" aria-hidden />
          <span>{warning.message}</span>
        </li>
      ))}
    </ul>
  );
}

interface BrandEditorProps {
  /** The brand being edited; none for a new one. */
  brand?: AdminBrand;
  onSaved: (brand: AdminBrand) => void;
  onCancel: () => void;
}

/** Create or edit a brand, checked with the shared brand schema, beside a live preview in its theme. */
export function BrandEditor({ brand, onSaved, onCancel }: BrandEditorProps) {
  const [draft, setDraft] = useState<BrandDraft>(() => draftOf(brand));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [create, creating] = useCreateBrandMutation();
  const [update, updating] = useUpdateBrandMutation();
  const busy = creating.isLoading || updating.isLoading;
  const isNew = !brand;
  const mayEditCommercial = useStaffCan()('brands.edit-commercial', brand?.key);

  function change(next: BrandDraft) {
    setDraft(next);
    if (submitted) setErrors(draftErrors(next, brand));
  }
  const set =
    <K extends 'key' | 'name' | 'domain' | 'logo'>(field: K) =>
    (value: string) =>
      change({ ...draft, [field]: value });
  const setIn =
    <G extends 'theme' | 'contact' | 'social' | 'hours'>(group: G, field: keyof BrandDraft[G] & string) =>
    (value: string) =>
      change({ ...draft, [group]: { ...draft[group], [field]: value } });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    const found = draftErrors(draft, brand);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await (isNew ? create(brandInputOf(draft)) : update(brandInputOf(draft))).unwrap();
      toast({
        title: isNew ? 'Brand Created' : 'Brand Updated',
        description: `${saved.name} (${saved.domain}) is saved.`,
      });
      onSaved(saved);
    } catch (error) {
      const message = errorMessage(error, 'The brand could not be saved. Please try again.');
      setErrors(toApiError(error).fieldErrors);
      setServerError(message);
      toast({ title: 'Failed to Save Brand', description: message, variant: 'destructive' });
    }
  }

  const preview = previewBrandOf(draft, brand);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="grid gap-6">
        <Card className="p-5 sm:p-6">
          <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6">
            <Fieldset legend="Identity">
              {brand && <BrandKeyLine brand={brand} />}
              {isNew && (
                <TextField
                  label="Brand key"
                  value={draft.key}
                  onChange={(event) => set('key')(event.target.value)}
                  error={errors.key}
                  placeholder="skyfares.com"
                  autoComplete="off"
                />
              )}
              <TextField
                label="Name"
                value={draft.name}
                onChange={(event) => set('name')(event.target.value)}
                error={errors.name}
              />
              <TextField
                label="Domain"
                value={draft.domain}
                onChange={(event) => set('domain')(event.target.value)}
                error={errors.domain}
                placeholder="skyfares.com"
                autoComplete="off"
              />
              <div className="grid gap-2">
                <TextField
                  label="Logo URL"
                  type="url"
                  value={draft.logo}
                  onChange={(event) => set('logo')(event.target.value)}
                  error={errors.logo}
                  placeholder="https://..."
                />
                <LogoPreview key={draft.logo} url={draft.logo} />
              </div>
            </Fieldset>

            <Fieldset legend="Theme">
              <div className="grid gap-4 sm:grid-cols-2">
                {(Object.keys(COLOUR_LABELS) as Array<keyof typeof COLOUR_LABELS>).map((colour) => (
                  <ColourField
                    key={colour}
                    label={COLOUR_LABELS[colour]}
                    value={draft.theme[colour]}
                    onValueChange={setIn('theme', colour)}
                    error={errors[`theme.${colour}`]}
                  />
                ))}
                <SelectField
                  label="Font"
                  value={draft.theme.font}
                  onChange={(event) => setIn('theme', 'font')(event.target.value)}
                  options={fontOptions(draft.theme.font)}
                  error={errors['theme.font']}
                  hint="Bundled with the storefront, so it loads from this site."
                />
              </div>
              <ContrastWarnings draft={draft} />
            </Fieldset>

            <Fieldset legend="Contact">
              <TextField
                label="Support email"
                type="email"
                value={draft.contact.email}
                onChange={(event) => setIn('contact', 'email')(event.target.value)}
                error={errors['contact.email']}
              />
              <TextField
                label="Support phone"
                type="tel"
                value={draft.contact.phone}
                onChange={(event) => setIn('contact', 'phone')(event.target.value)}
                error={errors['contact.phone']}
              />
              <TextField
                label="Address"
                value={draft.contact.address}
                onChange={(event) => setIn('contact', 'address')(event.target.value)}
                error={errors['contact.address']}
              />
            </Fieldset>

            <Fieldset legend="Opening hours">
              <TextField
                label="Phone support hours"
                value={draft.hours.phone}
                onChange={(event) => setIn('hours', 'phone')(event.target.value)}
                error={errors['hours.phone']}
                hint={'The header, home page and policies: "Call us 24/7".'}
              />
              <TextField
                label="Support page hours"
                value={draft.hours.supportPage}
                onChange={(event) => setIn('hours', 'supportPage')(event.target.value)}
                error={errors['hours.supportPage']}
                hint="Shown beside the phone number on the support page."
              />
              <TextField
                label="Opening hours"
                value={draft.hours.office}
                onChange={(event) => setIn('hours', 'office')(event.target.value)}
                error={errors['hours.office']}
                hint="Shown on the contact page and in the footer."
              />
            </Fieldset>

            <Fieldset legend="Social">
              {(['facebook', 'twitter', 'instagram'] as const).map((network) => (
                <TextField
                  key={network}
                  label={network === 'twitter' ? 'Twitter / X' : network[0]!.toUpperCase() + network.slice(1)}
                  type="url"
                  value={draft.social[network]}
                  onChange={(event) => setIn('social', network)(event.target.value)}
                  error={errors[`social.${network}`]}
                  placeholder="https://..."
                />
              ))}
            </Fieldset>

            <Fieldset legend="Refunds">
              {mayEditCommercial ? (
                <CheckboxField
                  label="Keep the markup when a booking is cancelled"
                  checked={draft.markupKeptOnRefund}
                  onChange={(event) => change({ ...draft, markupKeptOnRefund: event.target.checked })}
                />
              ) : (
                <p className="text-sm text-muted-foreground">
                  The markup is {draft.markupKeptOnRefund ? 'kept' : 'refunded'} when a booking is cancelled. Only a
                  platform admin changes the commercial terms.
                </p>
              )}
              <p className="-mt-2 text-xs text-muted-foreground">
                {serviceFeePolicy(draft.name.trim() || 'The brand', draft.markupKeptOnRefund)} The cancellation policy
                and the refund quote say so. Prices follow the brand&apos;s pricing rules, below.
              </p>
            </Fieldset>

            {serverError && (
              <p
                role="alert"
                className="rounded-[var(--radius)] border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive-text"
              >
                {serverError}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy && <Spinner />} {isNew ? 'Create Brand' : 'Save Changes'}
              </Button>
            </div>
          </form>
        </Card>
        {brand && <PricingRulesEditor brand={brand} />}
        {brand && <BrandHistory brandKey={brand.key} />}
      </div>

      <div className="lg:sticky lg:top-20 max-lg:-order-1">
        <BrandPreview brand={preview} />
      </div>
    </div>
  );
}
