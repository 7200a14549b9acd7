/// A web view (the seed's `SlamWebView`) for a headless host: it never touches
/// the network. ``showSite(address:)`` records the address; ``showFile(path:suffix:)``
/// and ``showFragment(html:)`` load HTML, whose `<title>` becomes ``currentTitle``.
public final class WebView: View {
    /// The address shown now (`about:blank` after ``clearSite()``), nil before anything is shown.
    public private(set) var currentURL: String? {
        didSet {
            guard !oldValue.isExactly(currentURL) else { return }
            markChanged()
            urlEventBlock?(currentURL)
        }
    }
    /// The title of the page shown now: the HTML `<title>`, nil when unknown.
    public private(set) var currentTitle: String? {
        didSet {
            guard !oldValue.isExactly(currentTitle) else { return }
            markChanged()
            titleEventBlock?(currentTitle)
        }
    }
    /// The HTML loaded now (empty for a remote site, which is never fetched).
    public private(set) var html = "" {
        didSet { if !oldValue.isExactly(html) { markChanged() } }
    }

    /// Called with the new address when it changes.
    public var urlEventBlock: ((String?) -> Void)?
    /// Called with the new title when it changes.
    public var titleEventBlock: ((String?) -> Void)?

    public override class var typeName: String { "WebView" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.document] }
    public override var accessibleContentName: String? { currentTitle.flatMap { $0.isEmpty ? nil : $0 } }
    public override class var summary: String { "A web page, shown from an address (never fetched) or from HTML." }
    public override class var primaryProperty: String { "title" }
    public override class var exclusiveProperties: [String] { ["url", "html"] }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    static let ownProperties: [PropertyDescriptor] = viewProperties + [
        PropertyDescriptor("url", kind: .optionalString, read: { ($0 as! WebView).currentURL.map(PropertyValue.string) ?? .null },
                           write: { view, value in
                               if let address = value.stringValue { (view as! WebView).showSite(address: address) }
                           }),
        .readOnly("title", kind: .optionalString) { (view: WebView) in view.currentTitle.map(PropertyValue.string) ?? .null },
        PropertyDescriptor("html", kind: .string, read: { .string(($0 as! WebView).html) },
                           write: { view, value in (view as! WebView).showFragment(html: value.stringValue ?? "") }),
    ]

    /// Shows a web address. Headless: the address is recorded, nothing is fetched, the title is unknown.
    public func showSite(address: String) {
        html = ""
        currentURL = address
        currentTitle = nil
    }

    /// Shows a local HTML file, `path` plus `.suffix` when a suffix is given, resolved
    /// against the application's resource directory unless absolute.
    ///
    /// - Returns: false (and shows nothing new) when the file cannot be read.
    @discardableResult
    public func showFile(path: String, suffix: String? = nil) -> Bool {
        let name = suffix.map { path.hasSuffix(".\($0)") ? path : "\(path).\($0)" } ?? path
        let resolved = ResourcePath.resolve(name, in: controller?.application?.resourceDirectory)
        guard let contents = FileContents.readText(atPath: resolved) else { return false }
        html = contents
        currentURL = "file://" + resolved
        currentTitle = Self.title(in: contents)
        return true
    }

    /// Shows `html` as if it were a page.
    public func showFragment(html fragment: String) {
        html = fragment
        currentURL = "about:blank"
        currentTitle = Self.title(in: fragment)
    }

    /// Shows a blank page.
    public func clearSite() {
        html = ""
        currentURL = "about:blank"
        currentTitle = nil
    }

    /// The text of the first `<title>` element, whitespace collapsed and basic entities decoded.
    static func title(in html: String) -> String? {
        let bytes = Array(html.utf8)
        guard let open = bytes.firstASCIICaseInsensitive(Array("<title".utf8), from: 0),
              let openEnd = bytes[open...].firstIndex(of: UInt8(ascii: ">")),
              let close = bytes.firstASCIICaseInsensitive(Array("</title".utf8), from: openEnd) else { return nil }
        let raw = String(decoding: bytes[(openEnd + 1)..<close], as: UTF8.self)
        let collapsed = raw.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            .joined(separator: " ")
        return collapsed
            .replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
            .replacing("&#39;", with: "'").replacing("&amp;", with: "&")
    }
}

extension Array where Element == UInt8 {
    /// The index where `needle` starts at or after `start`, comparing ASCII letters without case.
    func firstASCIICaseInsensitive(_ needle: [UInt8], from start: Int) -> Int? {
        guard needle.count <= count else { return nil }
        func lower(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
        var index = start
        while index + needle.count <= count {
            if needle.indices.allSatisfy({ lower(self[index + $0]) == needle[$0] }) { return index }
            index += 1
        }
        return nil
    }
}
