import Testing
import SlamSuggestions

/// "Did you mean": which names a mistake is near enough to suggest.
@Suite struct NameSuggestionsTests {
    @Test func aTypoSuggestsTheNameNearestFirst() {
        #expect(NameSuggestions.nearest(to: "Setings", in: ["Home", "Settings", "List"]) == ["Settings"])
        #expect(NameSuggestions.nearest(to: "incremnt", in: ["decrement", "increment", "reset"]) == ["increment"])
        #expect(NameSuggestions.nearest(to: "presss", in: ["press", "ping", "query"]) == ["press"])
    }

    @Test func swappedNeighboursAreOneEdit() {
        #expect(NameSuggestions.editDistance(Array("cuont"), Array("count")) == 1)
        #expect(NameSuggestions.nearest(to: "cuont", in: ["todos", "count", "orderStatus"]) == ["count"])
        #expect(NameSuggestions.nearest(to: "pres", in: ["press"]) == ["press"])
        #expect(NameSuggestions.editDistance(Array("ab"), Array("ba")) == 1)
        #expect(NameSuggestions.editDistance(Array("abc"), Array("ca")) == 3)
    }

    @Test func unrelatedAndShortNamesSuggestNothing() {
        #expect(NameSuggestions.nearest(to: "OK", in: ["+1", "-1"]).isEmpty)
        #expect(NameSuggestions.nearest(to: "bogus", in: ["focus", "tasks"]).isEmpty)
        #expect(NameSuggestions.nearest(to: "", in: ["a"]).isEmpty)
    }

    @Test func theLimitStopsEarlyWithoutChangingWhatIsWithinIt() {
        let words = ["settings", "sittings", "setting", "tesgnits", "s", "settingsandmore"]
        for word in words {
            for other in words {
                let exact = NameSuggestions.editDistance(Array(word), Array(other))
                let limited = NameSuggestions.editDistance(Array(word), Array(other), limit: 2)
                #expect(exact <= 2 ? limited == exact : limited > 2, "\(word) → \(other)")
            }
        }
    }
}
