import Testing
import SlamUI

/// The accessibility snapshot's text: what each element and part shows, what is left out, depth.
@Suite struct AccessibilitySnapshotTests {
    static func label(_ reference: String, _ text: String, heading: Int? = nil) -> Label {
        let label = Label(reference: reference)
        label.text = text
        label.headingLevel = heading
        return label
    }

    static func button(_ reference: String, _ text: String, enabled: Bool = true) -> Button {
        let button = Button(reference: reference)
        button.text = text
        button.isEnabled = enabled
        return button
    }

    @Test func elementsAreLinesWithRoleNameStatesAndRef() {
        let wifi = Switch(reference: "wifi")
        wifi.accessibilityLabel = "Wi-Fi"
        wifi.isOn = true
        let volume = Stepper(reference: "volume")
        volume.accessibilityLabel = "Volume"
        volume.maximumValue = 10
        volume.value = 5
        let name = TextField(reference: "name")
        name.placeholder = "Your name"
        name.text = "Ada"
        let root = View(reference: "root", subviews: [
            Self.label("heading", "Counter", heading: 1), Self.label("count", "Count: \"0\""),
            Self.button("decrement", "-1", enabled: false), wifi, volume, name,
        ])
        #expect(root.accessibilitySnapshot() == """
            - heading "Counter" [level=1] [ref=heading]
            - paragraph "Count: \\"0\\"" [ref=count]
            - button "-1" [disabled] [ref=decrement]
            - switch "Wi-Fi" [checked] [ref=wifi]
            - spinbutton "Volume" [value=5] [min=0] [max=10] [ref=volume]
            - textbox "Your name" [ref=name]: Ada

            """)
    }

    @Test func hiddenElementsAndUnnamedGenericViewsAreLeftOut() {
        let hidden = View(reference: "hidden", subviews: [Self.button("inner", "Inner")])
        hidden.isHidden = true
        let row = View(reference: "row", subviews: [Self.button("ok", "OK"), Self.label("", "anonymous")])
        let group = View(reference: "group", subviews: [Self.button("save", "Save")])
        group.accessibilityLabel = "Actions"
        group.accessibilityDescription = "What you can do"
        let region = View(reference: "menu", subviews: [])
        region.isRegion = true
        region.accessibilityLabel = "Menu"
        let root = View(reference: "root", subviews: [hidden, row, group, region])
        #expect(root.accessibilitySnapshot() == """
            - button "OK" [ref=ok]
            - paragraph "anonymous"
            - group "Actions" [description="What you can do"] [ref=group]:
              - button "Save" [ref=save]
            - region "Menu" [ref=menu]

            """)
    }

    @Test func partsShowSegmentsOptionsRowsAndCells() {
        let theme = SegmentedControl(reference: "theme")
        theme.accessibilityLabel = "Theme"
        theme.segments = ["Light", "Dark"]
        theme.selectedSegment = 1
        let list = SingleItemTableView(reference: "items")
        list.staticListLabels = ["Milk", "Eggs"]
        list.reloadUI()
        list.currentSelection = 0
        let picker = PickerView(reference: "size")
        picker.staticComponents = [["S", "M"], ["Red"]]
        picker.reloadUI()
        picker.selectedRows = [1, 0]
        let table = SectionedTableView(reference: "account")
        table.staticSections = [TableSection(header: "Account", rows: [TableRow("Name", detail: "Ada")]), TableSection(texts: ["Loose"])]
        table.reloadUI()
        let grid = CollectionView(reference: "colours")
        grid.columns = 2
        grid.staticSections = [CollectionSection(items: ["Red", "Green", "Blue"].map(CollectionItem.init))]
        grid.reloadUI()
        grid.selectedKeys = ["Blue"]
        let root = View(reference: "root", subviews: [theme, list, picker, table, grid])
        #expect(root.accessibilitySnapshot() == """
            - radiogroup "Theme" [ref=theme]:
              - radio "Light"
              - radio "Dark" [checked]
            - list [ref=items]:
              - listitem "Milk" [selected]
              - listitem "Eggs"
            - group [ref=size]:
              - listbox "Component 1":
                - option "S"
                - option "M" [selected]
              - listbox "Component 2":
                - option "Red" [selected]
            - table [ref=account]:
              - rowgroup "Account":
                - row "Name" [description="Ada"]
              - row "Loose"
            - grid [ref=colours]:
              - row:
                - gridcell "Red"
                - gridcell "Green"
              - row:
                - gridcell "Blue" [selected]

            """)
    }

    /// A custom element declares its parts by overriding `accessibilityParts`.
    final class Rating: View {
        override var accessibilityParts: [AccessibilityNode] {
            (1...3).map { AccessibilityNode.part(.option, "\($0) stars", selected: $0 == 2) }
        }
        override var accessibilityRole: AccessibilityRole { .listbox }
    }

    @Test func customElementsDeclareTheirParts() {
        let rating = Rating(reference: "rating")
        rating.accessibilityLabel = "Rating"
        #expect(rating.accessibilitySnapshot() == """
            - listbox "Rating" [ref=rating]:
              - option "1 stars"
              - option "2 stars" [selected]
              - option "3 stars"

            """)
    }

    @Test func depthLimitsTheLevelsShown() {
        let theme = SegmentedControl(reference: "theme")
        theme.segments = ["Light"]
        let group = View(reference: "group", subviews: [theme])
        group.accessibilityLabel = "Look"
        let root = View(reference: "root", subviews: [View(reference: "layout", subviews: [group])])
        #expect(root.accessibilitySnapshot(depth: 0) == "- group \"Look\" [ref=group]\n")
        #expect(root.accessibilitySnapshot(depth: 1) == "- group \"Look\" [ref=group]:\n  - radiogroup [ref=theme]\n")
        #expect(root.accessibilitySnapshot(depth: 2) == root.accessibilitySnapshot())
    }

    @Test func valuesAreQuotedWhenTheyWouldNotReadBack() {
        let secure = TextField(reference: "pin")
        secure.isSecure = true
        secure.text = "1234"
        let spaced = TextField(reference: "spaced")
        spaced.text = " padded"
        let empty = TextField(reference: "empty")
        let progress = ProgressView(reference: "progress")
        progress.progress = 0.25
        let root = View(reference: "root", subviews: [secure, spaced, empty, progress])
        #expect(root.accessibilitySnapshot() == """
            - textbox [ref=pin]: ••••
            - textbox [ref=spaced]: " padded"
            - textbox [ref=empty]
            - progressbar [value="25%"] [ref=progress]

            """)
    }
}
