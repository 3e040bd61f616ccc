import type { searchFormSchema } from '@contrail/shared/search/search-form';
import type { ZodForm } from '../forms/use-zod-form';

/** The home search form, as its tabs' fields read and set it (the Multi-city rows among them). */
export type SearchFormFields = ZodForm<typeof searchFormSchema>;
