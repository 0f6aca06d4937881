// CSS Modules compiled by css-loader: the default export maps class names to their hashed names.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
