import { pricingSummary } from '@contrail/shared/pricing/describe';
import type { AdminBrand } from '@contrail/shared/admin/brands';
import Globe from 'lucide-react/icons/globe';
import Pencil from 'lucide-react/icons/pencil';
import * as AlertDialog from 'radix-ui/alert-dialog';
import { errorMessage } from '../app/api-error';
import { Button, buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { toast } from '../ui/use-toast';
import { useSetBrandDisabledMutation } from './adminApi';
import { useStaffCan } from './use-staff-can';
import { Badge } from './Badge';

function Swatches({ brand }: { brand: AdminBrand }) {
  return (
    <div className="flex shrink-0 -space-x-1.5" aria-hidden>
      {(['primary', 'secondary', 'accent'] as const).map((colour) => (
        <span
          key={colour}
          className="h-7 w-7 rounded-full border-2 border-background shadow-sm"
          style={{ background: brand.theme[colour] }}
        />
      ))}
    </div>
  );
}

function ConfirmDisable({ brand, onConfirm }: { brand: AdminBrand; onConfirm: () => void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className={buttonClass('outline', 'sm')}>Disable</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-background p-6 text-foreground shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">Disable {brand.name}?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">
            Visitors to {brand.domain || brand.key} will see a page saying the site is not available until it is enabled
            again.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass('outline')}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass('destructive')} onClick={onConfirm}>
              Disable Brand
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function BrandRow({ brand, onEdit }: { brand: AdminBrand; onEdit: () => void }) {
  const [setDisabled, state] = useSetBrandDisabledMutation();
  const mayDisable = useStaffCan()('brands.enable-disable', brand.key);

  async function toggle(disabled: boolean) {
    try {
      await setDisabled({ key: brand.key, disabled }).unwrap();
      toast({ title: disabled ? 'Brand Disabled' : 'Brand Enabled', description: brand.name });
    } catch (error) {
      toast({
        title: disabled ? 'Failed to Disable Brand' : 'Failed to Enable Brand',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <li>
      <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <Swatches brand={brand} />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="truncate font-semibold text-foreground">{brand.name}</h2>
              <Badge tone={brand.disabled ? 'bad' : 'good'}>{brand.disabled ? 'Disabled' : 'Active'}</Badge>
            </div>
            <p className="flex items-start gap-1 text-sm text-muted-foreground">
              <Globe className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
              {/* A text wraps where a flex row would not: the pricing summary can be long on a phone. */}
              <span className="min-w-0 break-words">
                {brand.domain || brand.key}
                <span aria-hidden> · </span>pricing: {pricingSummary(brand.pricing)}
              </span>
            </p>
          </div>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${brand.name}`}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit
          </Button>
          {!mayDisable ? null : brand.disabled ? (
            <Button variant="outline" size="sm" disabled={state.isLoading} onClick={() => void toggle(false)}>
              Enable
            </Button>
          ) : (
            <ConfirmDisable brand={brand} onConfirm={() => void toggle(true)} />
          )}
        </div>
      </Card>
    </li>
  );
}

export function BrandList({ brands, onEdit }: { brands: AdminBrand[]; onEdit: (key: string) => void }) {
  if (brands.length === 0) {
    return (
      <Card className="p-8 text-center">
        <p className="font-medium text-foreground">No brands yet.</p>
        <p className="mt-1 text-sm text-muted-foreground">The built-in default brand serves every other domain.</p>
      </Card>
    );
  }
  return (
    <ul aria-label="Brands" className="grid gap-3">
      {brands.map((brand) => (
        <BrandRow key={brand.key} brand={brand} onEdit={() => onEdit(brand.key)} />
      ))}
    </ul>
  );
}
