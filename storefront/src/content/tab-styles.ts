export const tabTriggerClass =
  'rounded-md px-2 py-2 text-sm font-semibold text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';
