/** The one row of an admin table that has nothing to show, saying whether the filters are why. */
export function EmptyRow({ columns, filtered, noun }: { columns: number; filtered: boolean; noun: string }) {
  return (
    <tr>
      <td className="acc-table__empty" colSpan={columns}>
        {filtered ? `No ${noun} match these filters.` : `No ${noun} yet.`}
      </td>
    </tr>
  );
}
