/// A multi-line text view (the seed's `SlamTextView`) whose text comes from
/// ``textDataSource`` or from a file named by ``textFileDataSource``, not both.
///
/// The text is read only by ``reloadUI()`` (through ``View/resetUI()``). A file
/// path is resolved against the application's resource directory unless it is
/// absolute; a file that does not exist shows no text.
public final class TextView: View, ResettableView {
    /// Where the text comes from: one source at a time.
    public enum TextSource {
        case none
        case text(() -> String)
        case file(() -> String)
    }

    /// Where the text comes from; ``textDataSource`` and ``textFileDataSource`` set it too.
    public var textSource: TextSource = .none

    /// The text shown now.
    public var text = "" {
        didSet { if !oldValue.isExactly(text) { markChanged() } }
    }
    /// The static file to show, when no data source is set.
    public var textFile: String? {
        didSet { if !oldValue.isExactly(textFile) { markChanged() } }
    }

    /// A closure computing the text; setting it replaces any file source.
    public var textDataSource: (() -> String)? {
        get { if case .text(let source) = textSource { source } else { nil } }
        set { textSource = newValue.map(TextSource.text) ?? .none }
    }

    /// A closure naming the file to show; setting it replaces any text source.
    public var textFileDataSource: (() -> String)? {
        get { if case .file(let source) = textSource { source } else { nil } }
        set { textSource = newValue.map(TextSource.file) ?? .none }
    }

    public override class var typeName: String { "TextView" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.article] }
    /// The text it shows.
    public override var accessibleValue: String? { text.isEmpty ? nil : text }
    public override class var summary: String { "Multi-line text, given directly or read from a file." }
    public override class var primaryProperty: String { "text" }
    public override class var exclusiveProperties: [String] { ["text", "textFile"] }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    static let ownProperties: [PropertyDescriptor] = viewProperties + [
        .string("text", \TextView.text) { $0.text },
        .optionalString("textFile", \TextView.textFile) { $0.textFile },
    ]

    /// Re-reads the text from its source, or from ``textFile`` when there is none; called by ``View/resetUI()``.
    public func reloadUI() {
        switch textSource {
        case .text(let source):
            text = source()
        case .file(let source):
            textFile = source()
            text = loadFile()
        case .none:
            if textFile != nil { text = loadFile() }
        }
    }

    private func loadFile() -> String {
        guard let textFile else { return "" }
        let path = ResourcePath.resolve(textFile, in: controller?.application?.resourceDirectory)
        return FileContents.readText(atPath: path) ?? ""
    }
}
