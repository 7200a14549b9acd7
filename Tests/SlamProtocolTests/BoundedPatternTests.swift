import Testing
import SlamJSON
import SlamProtocol

/// The rule that bounds clients' regular expressions: shapes that can take exponential time are
/// refused, saying why, and texts are matched only as far as the pattern's degree allows.
@Suite struct BoundedPatternTests {
    private func refusal(_ pattern: String) -> BoundedPattern.Refusal? {
        do {
            _ = try BoundedPattern(pattern)
            return nil
        } catch {
            return error
        }
    }

    /// A pattern a client once sent took 5.2 s against 18 `a`s and a `!`, doubling with each `a`: refused before it runs.
    @Test func theCatastrophicPatternIsRefusedSayingWhy() throws {
        let refused = try #require(refusal("^(a+)+$"))
        #expect(refused.reason.hasPrefix("repeats a group that holds a quantifier of variable count"))
        #expect(refused.reason.contains("nested quantifiers can take exponential time"))
        #expect(refused.compilerError == nil)
    }

    @Test func nestedQuantifiersAndAmbiguousRepeatedAlternativesAreRefused() {
        for pattern in ["(a*)*", "(a?a)+", #"(\w+\s)*$"#, "((a+))+", "(a+){2,}", "(?:a+)+", #"(\d+\.){3}"#, "x(?<n>a+)*y", "(a?b|b)+"] {
            #expect(refusal(pattern)?.reason.contains("nested quantifiers") == true, "\(pattern)")
        }
        for pattern in ["(a|aa)+", #"(\d|x)+"#, "(a|a)*b", "(|a)+", "(A|a)+"] {
            #expect(refusal(pattern)?.reason.contains("alternatives may begin alike") == true, "\(pattern)")
        }
    }

    /// (Recursion and conditionals the compiler refuses itself.)
    @Test func backreferencesAreRefused() {
        for pattern in [#"(a)\1"#, #"(?<x>a)\k<x>"#, #"(a)\g{1}"#, "(?P<x>a)(?P=x)"] {
            let reason = refusal(pattern)?.reason ?? ""
            #expect(reason.contains("not supported"), "\(pattern): \(reason)")
        }
        #expect(refusal(#"(a)\1"#)?.reason == #"uses a backreference (\1): backreferences are not supported (they can take exponential time)"#)
    }

    @Test func ordinaryPatternsPass() throws {
        for pattern in [#"^Count: \d+$"#, "Sa", "^Save$", "(get|put)+", "(ab)+", #"(\d{3}-)+"#, "(a++)+", "(?>a+)+", #"^\w+ \w+$"#,
                        "[(a+)+]", #"\(a+\)+"#, "(?i)save", #"(?<year>\d{4})-\d\d"#, "^(Save|Cancel|OK)$", #"^\$\d+\.\d\d$"#,
                        "colou?r", "^Item [0-9]+ of [0-9]+$", "(?=.*a)b", #"(?>\w+\s)*"#, #"(\w++\s)*"#, #"\d+\.\d+\.\d+\.\d+"#] {
            #expect(refusal(pattern) == nil, "\(pattern): \(refusal(pattern)?.reason ?? "")")
        }
        #expect(try BoundedPattern(#"^Count: \d+$"#).isFound(in: "Count: 12"))
        #expect(try BoundedPattern("save", ignoringCase: true).isFound(in: "Unsaved"))
        #expect(try !BoundedPattern("^Save$").isFound(in: "Saved"))
    }

    @Test func aPatternThatIsNotOneGivesTheCompilersWords() throws {
        let refused = try #require(refusal("(unclosed"))
        #expect(refused.reason.hasPrefix("is not a regular expression: "))
        #expect(refused.compilerError != nil)
    }

    @Test func aLongPatternIsRefused() {
        #expect(refusal(String(repeating: "a", count: BoundedPattern.maximumPatternLength)) == nil)
        #expect(refusal(String(repeating: "a", count: BoundedPattern.maximumPatternLength + 1))?.reason == "is longer than 1000 characters (1001)")
    }

    /// Each place where matching may choose multiplies the worst case by the text's length: the text
    /// looked at shrinks with the degree, and too many places are refused.
    @Test func theDegreeBoundsTheTextLookedAt() throws {
        #expect(try BoundedPattern(#"^Count: \d+$"#).degree == 1)
        #expect(try BoundedPattern("^Save$").maximumTextLength == 10_000)
        #expect(try BoundedPattern(#"\d+x"#).degree == 2)
        // Unanchored, each start may cost the pattern's width: `\d+x` is 2 wide, 223² × 2 ≤ 100,000.
        #expect(try BoundedPattern(#"\d+x"#).maximumTextLength == 223)
        #expect(try BoundedPattern(#"\d+x"#).worstCaseSteps == 223 * 223 * 2 + 2)
        #expect(try BoundedPattern(#"^Count: \d+$"#).worstCaseSteps == 10_000 + 10)
        #expect(try BoundedPattern("^Save$").worstCaseSteps == 6, "degree 0: no further than its own length")
        #expect(try BoundedPattern(".*.*x").maximumTextLength == 32)
        #expect(try BoundedPattern(".*error.*").degree == 3, "as Protocol/README says")
        #expect(try BoundedPattern(#"\d+ items"#).degree == 2)
        #expect(try BoundedPattern("Save").degree == 1)
        #expect(try BoundedPattern("^(a|ab|b)c").degree == 2)
        #expect((1...6).map { BoundedPattern.maximumTextLength(degree: $0) } == [10_000, 316, 46, 17, 10, 6])
        // Counted repetitions multiply the width: each failed start may cost all of it.
        #expect(try BoundedPattern("a{999}c").width == 1_000)
        #expect(try BoundedPattern("a{999}c").maximumTextLength == 100)
        #expect(try BoundedPattern("(?:a{100}){100}c").maximumTextLength == 9)
        #expect(refusal("(?:a{1000}){1000}")?.reason.hasPrefix("matches up to 1000000 characters at once") == true)
        #expect(refusal("^a*b*c*d*e*f*g*")?.reason.hasPrefix("has 7 places where matching may choose") == true)
    }

    /// Without the bound, `.*.*x` against 100,000 characters takes hours (cubic); with it, its first
    /// 32 characters. A match past the bound is not found, one within it is.
    @Test(.timeLimit(.minutes(10))) func aLongTextDoesNotBlowUp() throws {
        let long = String(repeating: "a", count: 100_000)
        #expect(try !BoundedPattern(".*.*x").isFound(in: long + "x"))
        #expect(try BoundedPattern(".*.*x").isFound(in: String(repeating: "a", count: 30) + "x"))
        #expect(try !BoundedPattern("b$").isFound(in: long + "b"))
        #expect(try BoundedPattern("^a+$").isFound(in: long), "the first 10,000 characters are all a")
    }

    /// The rule reads every pattern the compiler accepts without trapping (a trap would stop the daemon):
    /// random strings of regular-expression syntax, the same ones each run.
    @Test func randomPatternsNeverTrapTheRule() {
        let alphabet = Array(#"()[]{}|*+?^$.\\-,:<>=!#'&PRkgQExdwsbi0123aA "#)
        var state: UInt64 = 0x5EED
        var accepted = 0
        for _ in 0..<20_000 {
            var pattern = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            for _ in 0..<(Int(state >> 60) + 1) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                pattern.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            if (try? BoundedPattern(pattern)) != nil { accepted += 1 }
        }
        #expect(accepted > 1_000, "some random patterns pass, so their whole scan ran")
    }
}
