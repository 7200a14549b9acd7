import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a person types into a secure field stays out of traces and `action` events: the text
/// a client set or typed into one, and a character key sent to one, are replaced by
/// ``SlamService/secureTextMask`` whatever their length. (Snapshots never carry a secure
/// field's text: they show one "•" per character, see `TextField.shownText`.)
extension SlamService {
    /// What stands for a secure field's text, and for a character typed into one.
    public static let secureTextMask = "\u{2022}\u{2022}\u{2022}"

    /// Whether what a request types into `target` must be masked: a secure text field.
    static func isSecure(_ target: View?) -> Bool {
        (target as? TextField)?.isSecure == true
    }

    /// An `action` event's params for a request that acted on `target`: `text`, and a character
    /// `key`, masked when the target is a secure field.
    func maskingSecureText(_ params: JSONValue.Object, target: View?) -> JSONValue.Object {
        guard Self.isSecure(target) else { return params }
        var masked = params
        if masked["text"] != nil { masked["text"] = .string(Self.secureTextMask) }
        if let key = masked["key"]?.stringValue, Key(name: key).map(Self.isCharacter) ?? true {
            masked["key"] = .string(Self.secureTextMask)
        }
        return masked
    }

    /// `message` (a request or batch as a client sent it) as a trace records it: the text of a
    /// `setText`/`typeText`, and a character `key`, masked when its field is secure, or cannot be
    /// told from here (not found yet, a pattern locator, another screen by then): a trace never
    /// holds a secret by guesswork. Anything else comes back unchanged, unparsed.
    func maskingSecureText(inRequest message: [UInt8]) -> [UInt8] {
        // Only these methods carry typed text; `\u` may spell their names in escapes.
        guard Self.contains(message, "Text\"") || Self.contains(message, "\"key\"") || Self.contains(message, "\\u") else {
            return message
        }
        guard var document = try? JSONParser().parse(message) else { return message }
        var changed = false
        if case .array(var members) = document {
            for index in members.indices where maskSecureText(inRequest: &members[index]) { changed = true }
            document = .array(members)
        } else {
            changed = maskSecureText(inRequest: &document)
        }
        guard changed, let bytes = try? JSONSerializer().serialize(document) else { return message }
        return bytes
    }

    /// Masks one request's typed text in place; true when it did.
    private func maskSecureText(inRequest request: inout JSONValue) -> Bool {
        guard case .object(var message) = request, let method = message["method"]?.stringValue,
              let params = message["params"] else { return false }
        let textName: String
        let positions: (text: Int, ref: Int, controller: Int?)
        switch method {
        case SetTextRequest.method, TypeTextRequest.method:
            textName = "text"
            positions = (1, 0, 2)
        case KeyRequest.method:
            textName = "key"
            positions = (0, 1, nil)
        default:
            return false
        }
        func member(_ name: String, at position: Int?) -> JSONValue? {
            switch params {
            case .object(let object): object[name]
            case .array(let array): position.flatMap { array.indices.contains($0) ? array[$0] : nil }
            default: nil
            }
        }
        guard let typed = member(textName, at: positions.text)?.stringValue else { return false }
        if method == KeyRequest.method, let key = Key(name: typed), !Self.isCharacter(key) { return false }
        let reference = member("ref", at: positions.ref).flatMap { $0 == .null ? nil : $0 }
        let controller = positions.controller.flatMap { member("controller", at: $0)?.stringValue }
        guard mayBeSecure(reference: reference, controller: controller) else { return false }
        switch params {
        case .object(var object):
            object[textName] = .string(Self.secureTextMask)
            message["params"] = .object(object)
        case .array(var array):
            array[positions.text] = .string(Self.secureTextMask)
            message["params"] = .array(array)
        default:
            return false
        }
        request = .object(message)
        return true
    }

    /// Whether the element a request names (nil: the focused element of the top controller) is a
    /// secure field, or cannot be told now.
    private func mayBeSecure(reference: JSONValue?, controller identifier: String?) -> Bool {
        let controller = identifier.map { application.controllerOnStack(identifier: $0) } ?? application.topController
        guard let controller else { return reference != nil }
        guard let reference else { return Self.isSecure(controller.focusedElement) }
        guard let locator = try? ElementLocator.read(reference, path: "ref"), !Self.usesPattern(locator),
              let element = try? locate(locator, in: controller) else { return true }
        return Self.isSecure(element)
    }

    /// Whether `locator` holds a regular expression (those are not run twice for a trace).
    private static func usesPattern(_ locator: ElementLocator) -> Bool {
        !locator.patterns.isEmpty || locator.within.map(usesPattern) == true
    }

    /// Whether `key` types a character (the others — Tab, Enter, … — say nothing of the text).
    private static func isCharacter(_ key: Key) -> Bool {
        if case .character = key { return true }
        return false
    }

    private static func contains(_ bytes: [UInt8], _ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        return bytes.withUnsafeBufferPointer { haystack in
            guard haystack.count >= pattern.count, let first = pattern.first, let base = haystack.baseAddress else { return false }
            var start = 0
            let last = haystack.count - pattern.count
            while start <= last {
                // memchr finds each candidate first byte at the speed of the C library.
                guard let hit = memchr(base + start, Int32(first), last - start + 1) else { return false }
                let offset = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                if memcmp(base + offset, pattern.baseAddress!, pattern.count) == 0 { return true }
                start = offset + 1
            }
            return false
        }
    }
}
