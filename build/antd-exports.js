// The antd exports the site uses, in one list both webpack configs build the shared antd singleton with
// (treeShaking.usedExports). The shell's copy is the one every remote receives at run time, so an export missing
// here crashes the remote that uses it ("Cannot read properties of undefined"): build/shared-exports.test.ts fails
// when any file imports an antd export this list lacks, or the list names one nothing imports.
export const ANTD_USED_EXPORTS = [
  'Alert',
  'App',
  'Button',
  'Card',
  'Checkbox',
  'ConfigProvider',
  'Descriptions',
  'Divider',
  'Drawer',
  'Form',
  'Input',
  'InputNumber',
  'Layout',
  'Menu',
  'Modal',
  'Popconfirm',
  'Select',
  'Space',
  'Statistic',
  'Switch',
  'Table',
  'Tabs',
  'Tag',
  'Typography',
];
