/**
 * The site kit's public surface. Like the panel kit it is shared at run time as ONE federated singleton module (this
 * file), so every customer page gets every part of it — and its strings and stylesheet — from one copy, whichever
 * remote (or the shell's top-up dialog) loaded it first. It holds no antd: the public first paint never loads it.
 */
export { useLoaded, type Loaded } from './use-loaded.ts';
export { Loading, LoadState } from './LoadState.tsx';
export { Pager } from './Pager.tsx';
export { listSearch, useListInUrl } from './list-in-url.ts';
export { DateRangeFields } from './DateRangeFields.tsx';
export { CopyButton, useCopy } from './copy.tsx';
export { Card } from './Card.tsx';
export { ConfirmDialog, Dialog } from './Dialog.tsx';
export { INVOICE_POLL_MS, useInvoice, type WatchedInvoice } from './use-invoice.ts';
export { TopUpLink } from './TopUpLink.tsx';
export { useProxyName } from './proxy-name.ts';
export { useScrollToHash } from './scroll-to-hash.ts';
export { formatDate, formatDateTime, formatSigned, pluralOf, type Plural } from './format.ts';
export { errorText, fieldErrorOf, formErrorsOf } from './forms.ts';
export { FieldNotes, FormAlert, fieldAria } from './FieldNotes.tsx';
export { SubmitButton } from './SubmitButton.tsx';
export { useRequestMessages } from './request-messages.ts';
export { default as ui } from './ui.module.css';
