import SlamClient
import SlamProtocol

/// Typed element handles: `app.button("save")` checks, whenever it is used,
/// that `save` is a Button on the top controller (or `controller`).
extension SlamApp {
    /// An element of any type.
    public func element(_ reference: String, controller: String? = nil) -> ElementHandle {
        ElementHandle(app: self, reference: reference, expectedType: nil, controller: controller)
    }

    public func view(_ reference: String, controller: String? = nil) -> ElementHandle { typed("View", reference, controller) }
    public func label(_ reference: String, controller: String? = nil) -> ElementHandle { typed("Label", reference, controller) }
    public func button(_ reference: String, controller: String? = nil) -> ElementHandle { typed("Button", reference, controller) }
    public func `switch`(_ reference: String, controller: String? = nil) -> ElementHandle { typed("Switch", reference, controller) }
    public func stepper(_ reference: String, controller: String? = nil) -> ElementHandle { typed("Stepper", reference, controller) }
    public func textField(_ reference: String, controller: String? = nil) -> ElementHandle {
        typed("TextField", reference, controller)
    }
    public func textView(_ reference: String, controller: String? = nil) -> ElementHandle {
        typed("TextView", reference, controller)
    }
    public func table(_ reference: String, controller: String? = nil) -> ElementHandle {
        typed("SingleItemTableView", reference, controller)
    }
    public func segmentedControl(_ reference: String, controller: String? = nil) -> ElementHandle {
        typed("SegmentedControl", reference, controller)
    }
    public func pageControl(_ reference: String, controller: String? = nil) -> ElementHandle {
        typed("PageControl", reference, controller)
    }
    public func progressView(_ reference: String, controller: String? = nil) -> ElementHandle {
        typed("ProgressView", reference, controller)
    }
    public func activityIndicator(_ reference: String, controller: String? = nil) -> ElementHandle {
        typed("ActivityIndicator", reference, controller)
    }
    public func webView(_ reference: String, controller: String? = nil) -> ElementHandle { typed("WebView", reference, controller) }
    public func pickerView(_ reference: String, controller: String? = nil) -> ElementHandle {
        typed("PickerView", reference, controller)
    }
    public func datePicker(_ reference: String, controller: String? = nil) -> ElementHandle {
        typed("DatePicker", reference, controller)
    }
    public func sectionedTable(_ reference: String, controller: String? = nil) -> ElementHandle {
        typed("SectionedTableView", reference, controller)
    }
    public func collectionView(_ reference: String, controller: String? = nil) -> ElementHandle {
        typed("CollectionView", reference, controller)
    }

    private func typed(_ type: String, _ reference: String, _ controller: String?) -> ElementHandle {
        ElementHandle(app: self, reference: reference, expectedType: type, controller: controller)
    }
}
