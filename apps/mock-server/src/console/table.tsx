/** A table of the console that console-script.ts fills: a hidden caption, its column heads, an empty body. */
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
