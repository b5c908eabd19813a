/** The Activity tab (lazy feature `activity`): transactions of the connected account. */
export default function ActivityTab() {
  return <p className="mk-empty">No activity yet</p>
}
