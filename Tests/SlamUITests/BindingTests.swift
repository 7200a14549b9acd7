import Testing
@testable import SlamUI

/// A listener's owner: bindings hold it weakly.
private final class Owner {}

/// Bindable values (the AwfulBinding document): listeners, alertNow, removal,
/// any-update, calculated values, transform and combine, cycles.
@Suite struct BindableValueTests {
    @Test func changeListenersHearEveryNewValueAndAlertNowHearsTheCurrentOne() {
        let owner = Owner()
        let name = BindableValue("test")
        var heard: [String] = []
        name.addChangeListener(owner) { heard.append($0) }
        #expect(heard.isEmpty, "adding does not call without alertNow")
        name.value = "newValue"
        #expect(heard == ["newValue"])
        var alerted: [String] = []
        name.addChangeListener(owner, alertNow: true) { alerted.append($0) }
        #expect(alerted == ["newValue"], "alertNow calls at once with the current value")
        name.value = "third"
        #expect(heard == ["newValue", "third"] && alerted == ["newValue", "third"])
    }

    @Test func removedListenersAreNotCalled() {
        let owner = Owner()
        let other = Owner()
        let value = BindableValue(0)
        var mine = 0
        var theirs = 0
        value.addChangeListener(owner) { _ in mine += 1 }
        value.addChangeListener(other) { _ in theirs += 1 }
        value.value = 1
        value.removeChangeListener(owner)
        value.value = 2
        #expect(mine == 1, "removed by its owner")
        #expect(theirs == 2, "another owner's listener stays")
    }

    @Test func aGoneOwnerIsNeitherKeptAliveNorCalled() {
        let value = BindableValue(0)
        var calls = 0
        weak var released: Owner?
        do {
            let owner = Owner()
            released = owner
            value.addChangeListener(owner) { _ in calls += 1 }
            value.addAnyUpdateListener(owner) { calls += 1 }
            value.value = 1
        }
        #expect(released == nil, "the binding did not retain the owner")
        value.value = 2
        #expect(calls == 2, "only the updates before the owner went")
        #expect(value.listenerCount == 0)
    }

    @Test func oneAnyUpdateListenerWatchesValuesOfAnyType() {
        let owner = Owner()
        let count = BindableValue(0)
        let title = BindableValue("a")
        let rows = BindableArray([1, 2])
        var updates: [String] = []
        let watched: [(String, any Updateable)] = [("count", count), ("title", title), ("rows", rows)]
        for (name, updateable) in watched {
            updateable.addAnyUpdateListener(owner) { updates.append(name) }
        }
        count.value = 1
        title.value = "b"
        rows.append(3)
        rows.remove(at: 0)
        #expect(updates == ["count", "title", "rows", "rows"])
        var alerted = 0
        count.addAnyUpdateListener(owner, alertNow: true) { alerted += 1 }
        #expect(alerted == 1)
    }

    @Test func calculatedValuesFollowTheirSourcesAndCannotBeWritten() {
        let owner = Owner()
        let integer = BindableValue(0)
        let currency = CalculatedValue([integer]) { "$\(integer.value).00" }
        #expect(currency.value == "$0.00")
        var heard: [String] = []
        currency.addChangeListener(owner) { heard.append($0) }
        integer.value = 15
        #expect(currency.value == "$15.00" && heard == ["$15.00"])
        let shouted = currency.transform { $0 + "!" }
        integer.value = 2
        #expect(shouted.value == "$2.00!", "calculated values chain")
        #expect(!((\CalculatedValue<String>.value as AnyKeyPath) is WritableKeyPath<CalculatedValue<String>, String>),
                "a calculated value's value is read-only")
        #expect((\BindableValue<Int>.value as AnyKeyPath) is ReferenceWritableKeyPath<BindableValue<Int>, Int>)
    }

    @Test func transformAndCombineMakeCalculatedValues() {
        let integer = BindableValue(1)
        let float = BindableValue(5.0)
        let text = integer.transform { "$\($0).00" }
        #expect(text.value == "$1.00")
        let sum = integer.combine(float) { "$\(Double($0) + $1)" }
        #expect(sum.value == "$6.0")
        let third = BindableValue("!")
        let many = integer.combine([float, third]) { "\(integer.value)+\(float.value)\(third.value)" }
        #expect(many.value == "1+5.0!")
        integer.value = 15
        #expect(text.value == "$15.00" && sum.value == "$20.0" && many.value == "15+5.0!")
        float.value = 1.5
        third.value = "?"
        #expect(sum.value == "$16.5" && many.value == "15+1.5?")
    }

    @Test func aDependencyCycleIsRefusedNotFollowed() throws {
        let base = BindableValue(1)
        let first = CalculatedValue([base]) { base.value * 2 }
        let second = first.transform { $0 + 1 }
        #expect(throws: BindingError.cycle) { try first.addDependency(second) }
        #expect(throws: BindingError.cycle) { try first.addDependency(first) }
        let unrelated = BindableValue(10)
        try first.addDependency(unrelated)
        unrelated.value = 11
        #expect(second.value == 3, "a refused dependency left the graph as it was")
    }

    @Test func listenersThatSetEachOtherStopAndReportACycle() {
        let owner = Owner()
        let ping = BindableValue(0)
        let pong = BindableValue(0)
        var reported: [BindingError] = []
        BindingDiagnostics.handler = { reported.append($0) }
        defer { BindingDiagnostics.handler = { _ in } }
        // Captured weakly: each value's listener list would otherwise keep the other alive.
        ping.addChangeListener(owner) { [weak pong] in pong?.value = $0 + 1 }
        pong.addChangeListener(owner) { [weak ping] in ping?.value = $0 + 1 }
        ping.value = 1   // would loop forever if followed
        #expect(reported == [.cycle])
        #expect(pong.value == 2 && ping.value == 3, "each value stored once the loop was cut")
    }
}

/// Bindable and calculated arrays: index versus structural notifications, bulk changes.
@Suite struct BindableArrayTests {
    @Test func elementChangesAreIndexChangesAndStructureChangesAreChanges() {
        let owner = Owner()
        let items = BindableArray<String>()
        var indexes: [Int] = []
        var changes = 0
        items.addIndexChangedListener(owner) { indexes.append($0) }
        items.addChangedListener(owner) { changes += 1 }
        items.append("someString")
        #expect(indexes == [items.count - 1])
        items.append("b")
        items[0] = "a"
        #expect(indexes == [0, 1, 0] && changes == 0)
        items.insert("z", at: 0)
        items.remove(at: 2)
        #expect(changes == 2 && items.elements == ["z", "a"])
        items.removeIndexChangedListener(owner)
        items[1] = "y"
        #expect(indexes == [0, 1, 0], "removed")
    }

    @Test func bulkModificationNotifiesOnce() {
        let owner = Owner()
        let items = BindableArray(Array(0..<100))
        var changes = 0
        var indexes = 0
        items.addChangedListener(owner) { changes += 1 }
        items.addIndexChangedListener(owner) { _ in indexes += 1 }
        items.modify { elements in
            for index in elements.indices { elements[index] *= 2 }
            elements.removeLast(50)
        }
        #expect(changes == 1 && indexes == 0)
        #expect(items.elements == Array(stride(from: 0, to: 100, by: 2)))
        items.replaceAll(with: [7])
        #expect(changes == 2 && items[0] == 7)
    }

    @Test func aCalculatedMapRecalculatesOnlyTheChangedElement() {
        let owner = Owner()
        let prices = BindableArray([1, 2, 3])
        var transforms = 0
        let labels = CalculatedArray.map(prices) { price -> String in
            transforms += 1
            return "$\(price)"
        }
        #expect(labels.elements == ["$1", "$2", "$3"] && transforms == 3)
        var indexes: [Int] = []
        var changes = 0
        labels.addIndexChangedListener(owner) { indexes.append($0) }
        labels.addChangedListener(owner) { changes += 1 }
        prices[1] = 20
        #expect(labels.elements == ["$1", "$20", "$3"])
        #expect(transforms == 4, "one element recalculated, not three")
        #expect(indexes == [1] && changes == 0)
        prices.append(4)
        #expect(labels.elements == ["$1", "$20", "$3", "$4"] && indexes == [1, 3])
        prices.remove(at: 0)
        #expect(labels.elements == ["$20", "$3", "$4"] && changes == 1)
    }

    @Test func aCalculatedFilterStaysUpToDate() {
        let owner = Owner()
        let numbers = BindableArray([1, 2, 3, 4])
        let even = CalculatedArray.filter(numbers) { $0 % 2 == 0 }
        var changes = 0
        even.addChangedListener(owner) { changes += 1 }
        #expect(even.elements == [2, 4])
        numbers.append(6)
        numbers[0] = 8
        numbers.modify { $0.removeAll { $0 == 2 } }
        #expect(even.elements == [8, 4, 6] && changes == 3)
        #expect(even.dependencies.first === numbers)
    }

    @Test func calculatedArraysAndValuesDoNotKeepEachOtherAlive() {
        weak var source: BindableArray<Int>?
        weak var mapped: CalculatedArray<String>?
        weak var value: BindableValue<Int>?
        weak var calculated: CalculatedValue<String>?
        do {
            let array = BindableArray([1])
            let map = CalculatedArray.map(array) { "\($0)" }
            let bindable = BindableValue(1)
            let transformed = bindable.transform { "\($0)" }
            source = array
            mapped = map
            value = bindable
            calculated = transformed
            array.append(2)
            bindable.value = 2
            #expect(map.count == 2 && transformed.value == "2")
        }
        #expect(source == nil && mapped == nil && value == nil && calculated == nil)
    }
}
