/// Writes the JSON text of a storyboard with exactly `elementCount` elements,
/// shaped like a real screen rather than a flat list: a root `View`, sections
/// (`View`), groups (`View`) and leaves cycling through Label, Button, Switch
/// and TextField — four levels, each element with a unique `ref` and a few
/// static properties, as an Interface Builder file would have.
///
/// References: `root`, `s12`, `s12g3`, `s12g3e5` (section 12, group 3, leaf 5).
struct StoryboardGenerator {
    /// The controller identifier in the generated storyboard.
    static let controllerIdentifier = "Large"

    let elementCount: Int
    var groupsPerSection = 10
    var leavesPerGroup = 8

    /// The storyboard text (UTF-8 bytes).
    func bytes() -> [UInt8] {
        precondition(elementCount >= 1, "a storyboard needs at least its root")
        var output: [UInt8] = []
        output.reserveCapacity(elementCount * 90)
        output += Array(#"{"initial":"\#(Self.controllerIdentifier)","controllers":[{"id":"\#(Self.controllerIdentifier)","title":"\#(elementCount) elements","view":"#.utf8)
        output += Array(#"{"type":"View","ref":"root","children":["#.utf8)
        var remaining = elementCount - 1
        var section = 0
        while remaining > 0 {
            if section > 0 { output.append(UInt8(ascii: ",")) }
            output += Array(#"{"type":"View","ref":"s\#(section)","children":["#.utf8)
            remaining -= 1
            var group = 0
            while remaining > 0, group < groupsPerSection {
                if group > 0 { output.append(UInt8(ascii: ",")) }
                let groupReference = "s\(section)g\(group)"
                output += Array(#"{"type":"View","ref":"\#(groupReference)","children":["#.utf8)
                remaining -= 1
                var leaf = 0
                while remaining > 0, leaf < leavesPerGroup {
                    if leaf > 0 { output.append(UInt8(ascii: ",")) }
                    output += Array(Self.leaf(reference: "\(groupReference)e\(leaf)", kind: leaf).utf8)
                    remaining -= 1
                    leaf += 1
                }
                output += Array("]}".utf8)
                group += 1
            }
            output += Array("]}".utf8)
            section += 1
        }
        output += Array("]}}]}".utf8)
        return output
    }

    /// A leaf element: Label, Button, Switch, TextField in turn, with static properties.
    private static func leaf(reference: String, kind: Int) -> String {
        switch kind % 4 {
        case 0: #"{"type":"Label","ref":"\#(reference)","text":"Label \#(reference)"}"#
        case 1: #"{"type":"Button","ref":"\#(reference)","text":"Open \#(reference)","autoUI":true}"#
        case 2: #"{"type":"Switch","ref":"\#(reference)","isOn":true,"enabled":true}"#
        default: #"{"type":"TextField","ref":"\#(reference)","placeholder":"Enter \#(reference)","text":""}"#
        }
    }
}
