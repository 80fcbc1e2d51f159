/** A table of the console that its script (./browser/) fills: a hidden caption, its column heads, an empty body. */
// The JSX runtime, for any transformer that runs this source without the package's tsconfig (tsx from another folder).
/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
export function Table({
  caption,
  columns,
  body,
}: {
  caption: string;
  columns: readonly string[];
  body: string;
}) {
  return (
    <table>
      <caption class="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col">{column}</th>
          ))}
        </tr>
      </thead>
      <tbody id={body} />
    </table>
  );
}
