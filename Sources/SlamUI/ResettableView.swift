/// An element with internal data that ``View/updateUI()`` does not refresh (the
/// seed's `SlamResetProtocol`), such as a table's rows or a text view's file.
///
/// ``View/resetUI()`` calls ``reloadUI()``; never call it directly.
public protocol ResettableView: View {
    /// Rebuilds the element's internal data from its data sources.
    func reloadUI()
}
