import { useEditor } from '../editor-context';
import { useValue } from '../model/value-store';

/** Why the engine disables this element (or what is wrong with it), in its own words. */
export function ProblemList({ id }: { id: string }) {
  const { problems } = useEditor();
  const list = useValue(problems, (m) => m.get(id));
  const shown = list?.filter((p) => !p.field);
  if (!shown?.length) return null;
  return (
    <ul className="problem-list" aria-label="Problems">
      {shown.map((p, i) => (
        <li key={i} className={`problem problem--${p.severity}`}>
          <strong>{p.disables ? 'Disabled' : p.severity === 'error' ? 'Error' : 'Warning'}:</strong> {p.message}
        </li>
      ))}
    </ul>
  );
}
