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
    /// The Display screen's sliders: a brightness from 0 to 1, a text size in points.
    public var brightness = 0.8
    public var textSize = 16.0

    public init() {}

    public static let themes = ["Light", "Dark", "Auto"]
}
