/**
 * The panel kit's public surface. The kit is shared at run time as ONE federated singleton module (this file), not
 * one module per file: every section then gets every part from the same copy, so react-final-form's context, the
 * kit's translations and its theme are one, whichever panel remote happened to load it first.
 */
export { SectionPage, SectionTabs, StatusTag, type SectionTab } from './SectionPage.tsx';
export { useAbilities, useRunAction, type Abilities, type ResourcePermissions } from './resource.ts';
export { ResourceList, type ListColumn, type ResourceListProps } from './list/ResourceList.tsx';
export type { FilterLabels } from './list/FilterBar.tsx';
export { OrderedList, type OrderedListProps } from './list/OrderedList.tsx';
export { OrderedResource, type OrderedResourceForm, type OrderedResourceProps } from './list/OrderedResource.tsx';
export { useOrderedList, type OrderedListState } from './list/use-ordered-list.ts';
export { DeleteButton } from './list/RowActions.tsx';
export { ResourceForm, useFormMeta, type ResourceFormProps } from './form/ResourceForm.tsx';
// A section's own fields read the form through these: react-final-form is not shared on its own, so a section that
// imported it directly would get a second copy whose context the kit's forms do not provide.
export { useField, useForm, useFormState } from 'react-final-form';
export {
  ActionDialog,
  ActionForm,
  type ActionConfirmation,
  type ActionDialogProps,
  type ActionFormProps,
} from './form/ActionForm.tsx';
export { FormDrawer } from './form/FormDrawer.tsx';
export {
  DateField,
  FieldGrid,
  ImageField,
  IntegerField,
  MoneyField,
  NumberField,
  RichTextField,
  SelectField,
  SwitchField,
  TextField,
  type FieldProps,
} from './fields/fields.tsx';
export { LanguageTabs, languageOfField, useLanguageTab } from './fields/LanguageTabs.tsx';
export { SchemaFields, type SchemaFormText } from './fields/SchemaFields.tsx';
export { cleanValue, emptyValue, fieldKind, type FieldKind } from './fields/schema-form.ts';
export { InvoiceStatusTag, useInvoiceStatusFilter } from './invoices/InvoiceStatus.tsx';
export { useKitT } from './i18n/use-kit-t.ts';
export { panelLocale } from './format.ts';
