/// Typed finders, one per element type, as the seed's `findXXElement(with:)`.
/// Each is a dictionary look-up; nil when the reference is missing or of another type.
extension ViewController {
    /// The element with `reference` in this controller, or nil.
    public func findView(with reference: String) -> View? { find(reference) }
    /// The activity indicator with `reference` in this controller; nil when there is none or it is not a ``ActivityIndicator``.
    public func findActivityIndicator(with reference: String) -> ActivityIndicator? { find(reference) as? ActivityIndicator }
    /// The button with `reference` in this controller; nil when there is none or it is not a ``Button``.
    public func findButton(with reference: String) -> Button? { find(reference) as? Button }
    /// The collection view with `reference` in this controller; nil when there is none or it is not a ``CollectionView``.
    public func findCollectionView(with reference: String) -> CollectionView? { find(reference) as? CollectionView }
    /// The date picker with `reference` in this controller; nil when there is none or it is not a ``DatePicker``.
    public func findDatePicker(with reference: String) -> DatePicker? { find(reference) as? DatePicker }
    /// The label with `reference` in this controller; nil when there is none or it is not a ``Label``.
    public func findLabel(with reference: String) -> Label? { find(reference) as? Label }
    /// The page control with `reference` in this controller; nil when there is none or it is not a ``PageControl``.
    public func findPageControl(with reference: String) -> PageControl? { find(reference) as? PageControl }
    /// The picker view with `reference` in this controller; nil when there is none or it is not a ``PickerView``.
    public func findPickerView(with reference: String) -> PickerView? { find(reference) as? PickerView }
    /// The progress view with `reference` in this controller; nil when there is none or it is not a ``ProgressView``.
    public func findProgressView(with reference: String) -> ProgressView? { find(reference) as? ProgressView }
    /// The sectioned table view with `reference` in this controller; nil when there is none or it is not a ``SectionedTableView``.
    public func findSectionedTableView(with reference: String) -> SectionedTableView? {
        find(reference) as? SectionedTableView
    }
    /// The segmented control with `reference` in this controller; nil when there is none or it is not a ``SegmentedControl``.
    public func findSegmentedControl(with reference: String) -> SegmentedControl? { find(reference) as? SegmentedControl }
    /// The single-item table view with `reference` in this controller; nil when there is none or it is not a ``SingleItemTableView``.
    public func findSingleItemTableView(with reference: String) -> SingleItemTableView? {
        find(reference) as? SingleItemTableView
    }
    /// The slider with `reference` in this controller; nil when there is none or it is not a ``Slider``.
    public func findSlider(with reference: String) -> Slider? { find(reference) as? Slider }
    /// The stepper with `reference` in this controller; nil when there is none or it is not a ``Stepper``.
    public func findStepper(with reference: String) -> Stepper? { find(reference) as? Stepper }
    /// The switch with `reference` in this controller; nil when there is none or it is not a ``Switch``.
    public func findSwitch(with reference: String) -> Switch? { find(reference) as? Switch }
    /// The text field with `reference` in this controller; nil when there is none or it is not a ``TextField``.
    public func findTextField(with reference: String) -> TextField? { find(reference) as? TextField }
    /// The text view with `reference` in this controller; nil when there is none or it is not a ``TextView``.
    public func findTextView(with reference: String) -> TextView? { find(reference) as? TextView }
    /// The web view with `reference` in this controller; nil when there is none or it is not a ``WebView``.
    public func findWebView(with reference: String) -> WebView? { find(reference) as? WebView }
}
