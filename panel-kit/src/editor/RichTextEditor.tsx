import { lazy, Suspense } from 'react';
import type { TinyEditorProps } from './TinyEditor.tsx';
import styles from './RichTextEditor.module.css';

// TinyMCE and its React wrapper load with the first editor on screen, never with the list.
const TinyEditor = lazy(() => import('./TinyEditor.tsx'));

/** A rich-text field (antd `Form.Item` passes value and onChange); reserves the editor's height while it loads. */
export function RichTextEditor(props: TinyEditorProps) {
  const height = props.height ?? 360;
  return (
    <Suspense fallback={<div className={styles.placeholder} style={{ height }} aria-busy="true" />}>
      <TinyEditor {...props} height={height} />
    </Suspense>
  );
}
