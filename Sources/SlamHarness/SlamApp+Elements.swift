import SlamClient
import SlamProtocol

/// Typed element handles: `app.button("save")` checks, whenever it is used,
/// that `save` is a Button on the top controller (or `controller`).
extension SlamApp {
    /// An element of any type.
    public func element(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle {
        ElementHandle(app: self, locator: reference, expectedType: nil, controller: controller)
    }

    /// The element described by what a person sees (`app.element(type: "Button", text: "Settings")`); a
    /// description several elements fit is an error listing them, unless `nth` picks one.
    public func element(type: String? = nil, text: String? = nil, textMatches: String? = nil, within: ElementLocator? = nil,
                        nth: Int? = nil, controller: String? = nil) -> ElementHandle {
        ElementHandle(app: self, locator: ElementLocator(type: type, text: text, textMatches: textMatches, within: within, nth: nth),
                      expectedType: type, controller: controller)
    }

    /// The element with WAI-ARIA `role` (`"button"`, `"switch"` …, as snapshots' `role` says) and accessible
    /// `name`: exactly, or a regular expression written `/pattern/` (`/pattern/i` ignores case):
    /// `app.element(role: "button", name: "Settings")`. As strict as every locator.
    public func element(role: String, name: String? = nil, within: ElementLocator? = nil, nth: Int? = nil,
                        controller: String? = nil) -> ElementHandle {
        ElementHandle(app: self, locator: ElementLocator(role: role, name: name, within: within, nth: nth),
                      expectedType: nil, controller: controller)
    }

    /// The button that reads `text`.
    public func button(text: String, controller: String? = nil) -> ElementHandle {
        element(type: "Button", text: text, controller: controller)
    }

    /// The element `reference` names, checked on every use to be a View.
    public func view(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle { typed("View", reference, controller) }
    /// The element `reference` names, checked on every use to be a Label.
    public func label(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle { typed("Label", reference, controller) }
    /// The element `reference` names, checked on every use to be a Button.
    public func button(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle { typed("Button", reference, controller) }
    /// The element `reference` names, checked on every use to be a Switch.
    public func `switch`(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle { typed("Switch", reference, controller) }
    /// The element `reference` names, checked on every use to be a Stepper.
    public func stepper(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle { typed("Stepper", reference, controller) }
    /// The element `reference` names, checked on every use to be a Slider.
    public func slider(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle { typed("Slider", reference, controller) }
    /// The element `reference` names, checked on every use to be a TextField.
    public func textField(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle {
        typed("TextField", reference, controller)
    }
    /// The element `reference` names, checked on every use to be a TextView.
    public func textView(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle {
        typed("TextView", reference, controller)
    }
    /// The element `reference` names, checked on every use to be a table (SingleItemTableView).
    public func table(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle {
        typed("SingleItemTableView", reference, controller)
    }
    /// The element `reference` names, checked on every use to be a SegmentedControl.
    public func segmentedControl(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle {
        typed("SegmentedControl", reference, controller)
    }
    /// The element `reference` names, checked on every use to be a PageControl.
    public func pageControl(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle {
        typed("PageControl", reference, controller)
    }
    /// The element `reference` names, checked on every use to be a ProgressView.
    public func progressView(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle {
        typed("ProgressView", reference, controller)
    }
    /// The element `reference` names, checked on every use to be an ActivityIndicator.
    public func activityIndicator(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle {
        typed("ActivityIndicator", reference, controller)
    }
    /// The element `reference` names, checked on every use to be a WebView.
    public func webView(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle { typed("WebView", reference, controller) }
    /// The element `reference` names, checked on every use to be a PickerView.
    public func pickerView(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle {
        typed("PickerView", reference, controller)
    }
    /// The element `reference` names, checked on every use to be a DatePicker.
    public func datePicker(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle {
        typed("DatePicker", reference, controller)
    }
    /// The element `reference` names, checked on every use to be a SectionedTableView.
    public func sectionedTable(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle {
        typed("SectionedTableView", reference, controller)
    }
    /// The element `reference` names, checked on every use to be a CollectionView.
    public func collectionView(_ reference: ElementLocator, controller: String? = nil) -> ElementHandle {
        typed("CollectionView", reference, controller)
    }

    private func typed(_ type: String, _ reference: ElementLocator, _ controller: String?) -> ElementHandle {
        ElementHandle(app: self, locator: reference, expectedType: type, controller: controller)
    }
}
