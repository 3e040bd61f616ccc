import { STAFF_ROLE_LABELS, type StaffRole } from '@contrail/shared/staff/roles';
import { useId } from 'react';
import { SelectField } from '../forms/fields';
import { FieldError } from '../ui/field-error';

export interface ScopeDraft {
  role: StaffRole;
  brands: string[];
}

/** A role and the brands it covers; only the roles and brands this admin may grant are offered. */
export function StaffScopeFields({
  value,
  onChange,
  roles,
  brandOptions,
  errors,
}: {
  value: ScopeDraft;
  onChange: (next: ScopeDraft) => void;
  roles: readonly StaffRole[];
  brandOptions: readonly string[];
  errors: Partial<Record<'role' | 'brands', string>>;
}) {
  const id = useId();
  const toggle = (brand: string, on: boolean) =>
    onChange({ ...value, brands: on ? [...value.brands, brand] : value.brands.filter((one) => one !== brand) });
  const platform = value.role === 'platform-admin';
  return (
    <>
      <SelectField
        label="Role"
        value={value.role}
        onChange={(event) => {
          const role = event.target.value as StaffRole;
          onChange({ role, brands: role === 'platform-admin' ? [] : value.brands });
        }}
        options={roles.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }))}
        error={errors.role}
      />
      <fieldset aria-describedby={errors.brands ? `${id}-error` : undefined} disabled={platform}>
        <legend className="text-sm font-medium">Brands</legend>
        {platform ? (
          <p className="mt-1 text-sm text-muted-foreground">A platform admin covers every brand.</p>
        ) : (
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {brandOptions.map((brand) => (
              <label key={brand} className="flex min-h-10 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-[var(--primary)]"
                  checked={value.brands.includes(brand)}
                  onChange={(event) => toggle(brand, event.target.checked)}
                />
                {brand}
              </label>
            ))}
          </div>
        )}
        <FieldError id={`${id}-error`} message={errors.brands} />
      </fieldset>
    </>
  );
}
