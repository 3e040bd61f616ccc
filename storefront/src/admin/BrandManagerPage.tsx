import ArrowLeft from 'lucide-react/icons/arrow-left';
import Plus from 'lucide-react/icons/plus';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../app/api-error';
import { PageLoading } from '../app/PageLoading';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { useBrandsQuery } from './adminApi';
import { BrandEditor } from './BrandEditor';
import { BrandList } from './BrandList';
import { isDenied, useAdminAccess } from './use-admin-access';
import { useStaffCan } from './use-staff-can';
import { backLinkClass, BackToAdminSettings } from './BackToAdminSettings';

export const BRAND_MANAGER_DENIED = "You don't have permission to access the brand manager.";
/** `?edit=new` or `?edit=<brand key>` opens the editor, so a reload keeps it open. */
const EDIT_PARAM = 'edit';
const NEW = 'new';

/** /admin/brands (issue 11): list, create, edit, disable and enable brands, with a live preview. */
export function BrandManagerPage() {
  const [deniedByServer, setDeniedByServer] = useState(false);
  const access = useAdminAccess(BRAND_MANAGER_DENIED, deniedByServer);
  const staffCan = useStaffCan();
  const brands = useBrandsQuery(undefined, { skip: access !== 'admin' });
  if (brands.isError && isDenied(brands.error) && !deniedByServer) setDeniedByServer(true);
  const [params, setParams] = useSearchParams();
  const editing = params.get(EDIT_PARAM);

  if (access === 'denied') return null;
  const edit = (key: string | null) => setParams(key ? { [EDIT_PARAM]: key } : {});

  let title = 'Brand Manager';
  let body: ReactNode;
  if (access === 'checking' || brands.isLoading || brands.isUninitialized) {
    body = <PageLoading label="Loading brands..." />;
  } else if (brands.isError || !brands.data) {
    body = (
      <Card className="p-6" role="alert">
        <p className="font-semibold text-destructive-text">Error: Failed to load brands</p>
        <p className="mt-1 text-sm text-muted-foreground">{errorMessage(brands.error, 'Please try again.')}</p>
        <Button variant="outline" className="mt-4" onClick={() => void brands.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  } else if (editing) {
    const brand = editing === NEW ? undefined : brands.data.find((candidate) => candidate.key === editing);
    if (editing !== NEW && !brand && brands.isFetching) {
      // Just created: the list is being fetched again.
      body = <PageLoading label="Loading brands..." />;
    } else if (editing !== NEW && !brand) {
      body = (
        <Card className="p-6" role="alert">
          <p className="font-semibold text-foreground">Brand not found: {editing}</p>
        </Card>
      );
    } else {
      title = brand ? `Edit ${brand.name}` : 'New Brand';
      body = (
        <BrandEditor key={editing} brand={brand} onSaved={(saved) => edit(saved.key)} onCancel={() => edit(null)} />
      );
    }
  } else {
    body = <BrandList brands={brands.data} onEdit={edit} />;
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      {editing ? (
        <button type="button" onClick={() => edit(null)} className={backLinkClass}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> All Brands
        </button>
      ) : (
        <BackToAdminSettings />
      )}
      <div className="mt-4 mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-foreground">{title}</h1>
          <p className="mt-1 text-muted-foreground">
            {editing
              ? 'Changes show in the preview as you type; visitors see them once saved.'
              : 'The storefronts you run: names, domains, themes, contacts and price markup.'}
          </p>
        </div>
        {!editing && access === 'admin' && brands.data && staffCan('brands.create') && (
          <Button onClick={() => edit(NEW)}>
            <Plus className="h-4 w-4" aria-hidden /> New Brand
          </Button>
        )}
      </div>
      {body}
    </section>
  );
}
