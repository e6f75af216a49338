import { Dialog } from './dialog';
import { SHORTCUTS } from './shortcuts';

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" open={open} onClose={onClose} wide>
      <div className="shortcuts">
        {SHORTCUTS.map((g) => (
          <section key={g.group} className="shortcuts__group">
            <h3>{g.group}</h3>
            <table>
              <tbody>
                {g.items.map((s) => (
                  <tr key={s.keys + s.action}>
                    <th scope="row">
                      <kbd>{s.keys}</kbd>
                    </th>
                    <td>{s.action}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
