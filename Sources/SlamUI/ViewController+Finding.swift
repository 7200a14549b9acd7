/// Typed finders, one per element type, as the seed's `findXXElement(with:)`.
/// Each is a dictionary look-up; nil when the reference is missing or of another type.
extension ViewController {
    public func findView(with reference: String) -> View? { find(reference) }
    public func findActivityIndicator(with reference: String) -> ActivityIndicator? { find(reference) as? ActivityIndicator }
    public func findButton(with reference: String) -> Button? { find(reference) as? Button }
    public func findCollectionView(with reference: String) -> CollectionView? { find(reference) as? CollectionView }
    public func findDatePicker(with reference: String) -> DatePicker? { find(reference) as? DatePicker }
    public func findLabel(with reference: String) -> Label? { find(reference) as? Label }
    public func findPageControl(with reference: String) -> PageControl? { find(reference) as? PageControl }
    public func findPickerView(with reference: String) -> PickerView? { find(reference) as? PickerView }
    public func findProgressView(with reference: String) -> ProgressView? { find(reference) as? ProgressView }
    public func findSectionedTableView(with reference: String) -> SectionedTableView? {
        find(reference) as? SectionedTableView
    }
    public func findSegmentedControl(with reference: String) -> SegmentedControl? { find(reference) as? SegmentedControl }
    public func findSingleItemTableView(with reference: String) -> SingleItemTableView? {
        find(reference) as? SingleItemTableView
    }
    public func findSlider(with reference: String) -> Slider? { find(reference) as? Slider }
    public func findStepper(with reference: String) -> Stepper? { find(reference) as? Stepper }
    public func findSwitch(with reference: String) -> Switch? { find(reference) as? Switch }
    public func findTextField(with reference: String) -> TextField? { find(reference) as? TextField }
    public func findTextView(with reference: String) -> TextView? { find(reference) as? TextView }
    public func findWebView(with reference: String) -> WebView? { find(reference) as? WebView }
}
