import Testing
@testable import SlamUI

/// What each element type declares (press values, keys, text entry, focus, its primary and
/// exclusive properties) is what the element does: the generated docs, schemas and clients
/// promise nothing an element refuses, and hide nothing it takes.
@Suite struct ElementDeclarationTests {
    /// Content that lets an element take every kind of press it declares: rows to select, pages to show.
    /// A type that needs none (a button, a switch) has no entry.
    static let content: [String: @Sendable (View) -> Void] = [
        "SegmentedControl": { ($0 as! SegmentedControl).segments = ["Light", "Dark"] },
        "PageControl": { ($0 as! PageControl).numberOfPages = 3 },
        "SingleItemTableView": { ($0 as! SingleItemTableView).staticListLabels = ["One", "Two"] },
        "PickerView": { ($0 as! PickerView).staticComponents = [["S", "M", "L"]] },
        "SectionedTableView": { ($0 as! SectionedTableView).staticSections = [TableSection(texts: ["One", "Two"])] },
        "CollectionView": { ($0 as! CollectionView).staticSections = [CollectionSection(items: [CollectionItem("a"), CollectionItem("b")])] },
    ]

    /// A text press each type that declares one takes (a date picker's date, a collection item's key).
    static let textPresses: [String: String] = ["DatePicker": "2026-11-23T14:30:00Z", "CollectionView": "b"]

    /// An element of `type`, with its content, on the screen of a fresh application.
    static func placed(_ type: ElementType) throws -> (Application, View) {
        let element = type.make("subject")
        content[type.name]?(element)
        let (application, _, _) = try makeApplication(element)
        return (application, element)
    }

    static func example(of kind: PressValueKind, for type: ElementType) -> PressValue? {
        switch kind {
        case .none: nil
        case .bool: .bool(true)
        case .index: .index(1)
        case .number: .number(0.5)
        case .increment: .increment
        case .decrement: .decrement
        case .position: .position(0, 1)
        case .text: .text(textPresses[type.name] ?? "text")
        }
    }

    @Test(arguments: ElementType.all.map(\.name))
    func pressTakesEveryDeclaredKindAndRefusesTheOthers(_ name: String) throws {
        let type = try #require(ElementType.all.first { $0.name == name })
        for kind in PressValueKind.allCases {
            // The application is kept: elements hold it weakly (a text field's tap focuses it there).
            let (application, element) = try Self.placed(type)
            let value = Self.example(of: kind, for: type)
            if type.pressValues.contains(kind) {
                #expect(throws: Never.self, "\(name) declares \(kind) presses") { try element.press(value) }
            } else {
                #expect(throws: SlamError.self, "\(name) does not declare \(kind) presses") { try element.press(value) }
            }
            withExtendedLifetime(application) {}
        }
    }

    @Test(arguments: ElementType.all.map(\.name))
    func handlesExactlyTheDeclaredKeys(_ name: String) throws {
        let type = try #require(ElementType.all.first { $0.name == name })
        let keys: [Key] = [.tab, .shiftTab, .enter, .escape, .backspace, .arrowUp, .arrowDown, .arrowLeft, .arrowRight,
                           .character(" "), .character("a")]
        guard type.isFocusable else {
            #expect(type.handledKeys.isEmpty && !type.takesText, "\(name) takes keys but cannot hold the focus")
            return
        }
        for key in keys {
            let (application, element) = try Self.placed(type)
            try application.focus(element)
            let declared = type.handledKeys.contains(key) || (type.takesText && key.isCharacter)
            let handled = try (element as! FocusableView).handleKey(key)
            #expect(handled == declared, "\(name) \(declared ? "declares" : "does not declare") \(key)")
        }
    }

    @Test(arguments: ElementType.all.map(\.name))
    func takesTextExactlyWhenDeclared(_ name: String) throws {
        let type = try #require(ElementType.all.first { $0.name == name })
        let (application, element) = try Self.placed(type)
        if type.takesText {
            #expect(throws: Never.self) { try element.enterText("typed") }
        } else {
            #expect(throws: SlamError.notEditable(reference: "subject", type: name)) { try element.enterText("typed") }
        }
        withExtendedLifetime(application) {}
    }

    @Test func primaryAndExclusivePropertiesAreProperties() {
        for type in ElementType.all {
            #expect(type.property(named: type.primaryProperty) != nil, "\(type.name).\(type.primaryProperty)")
            for name in type.exclusiveProperties {
                #expect(type.property(named: name)?.isInspectable == true, "\(type.name).\(name)")
            }
            #expect(type.exclusiveProperties.isEmpty || type.exclusiveProperties.count == 2, "\(type.name): a pair")
            #expect(!type.summary.isEmpty && type.summary.hasSuffix("."), "\(type.name)'s summary is a sentence")
        }
    }

    @Test func everyTypeASnapshotShowsIsInTheManifestOnce() {
        #expect(ElementType.all.map(\.name) == ElementType.all.map(\.name).sorted())
        #expect(Set(ElementType.all.map(\.name)).count == ElementType.all.count)
        #expect(ElementType.all.filter { !$0.isPlaceable }.map(\.name) == ["Alert"])
    }
}

extension Key {
    fileprivate var isCharacter: Bool {
        if case .character = self { true } else { false }
    }
}
