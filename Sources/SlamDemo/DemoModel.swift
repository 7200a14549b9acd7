/// The state behind the demo screens: what the data sources read and the
/// actions change. One instance per application.
public final class DemoModel {
    public var count = 0
    public var goal = 10
    public var wifiOn = true
    public var volume = 5.0
    public var theme = 2
    public var name = ""
    public var page = 0
    public var items = ["Milk", "Eggs", "Bread"]
    public var selectedItem: Int?
    public var newItem = ""

    public init() {}

    public static let themes = ["Light", "Dark", "Auto"]
}
