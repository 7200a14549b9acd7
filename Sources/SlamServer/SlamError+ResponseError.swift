import SlamJSON
import SlamRPC
import SlamUI

extension SlamError {
    /// The JSON-RPC error a client receives for this failure.
    public var responseError: ResponseError {
        switch self {
        case let .elementNotFound(reference, controller):
            error(.elementNotFound, ["ref": .string(reference), "controller": .string(controller)])
        case let .wrongElementType(reference, expected, actual):
            error(.elementNotInteractive, ["ref": .string(reference), "type": .string(actual), "expected": .string(expected)])
        case let .notInteractive(reference, type), let .notEditable(reference, type):
            error(.elementNotInteractive, ["ref": .string(reference), "type": .string(type)])
        case .elementDisabled(let reference):
            error(.elementDisabled, ["ref": .string(reference)])
        case .elementHidden(let reference):
            error(.elementHidden, ["ref": .string(reference)])
        case let .invalidPress(reference, reason):
            .invalidParams("value: \(reason)", data: ["parameter": "value", "ref": .string(reference), "reason": .string(reason)])
        case .unknownTask(let name):
            error(.taskNotFound, ["task": .string(name)])
        case let .taskFailed(name, reason):
            error(.taskFailed, ["task": .string(name), "reason": .string(reason)])
        case .unknownController(let identifier):
            error(.controllerNotFound, ["controller": .string(identifier)])
        case .cannotPopRoot(let identifier):
            error(.navigationRefused, ["controller": .string(identifier)])
        case let .duplicateReference(reference, firstPath, secondPath):
            .internalError(description, data: ["ref": .string(reference), "paths": [.string(firstPath), .string(secondPath)]])
        case .noController:
            error(.controllerNotFound, ["controller": .null])
        case let .elementCovered(reference, controller, coveredBy):
            error(.elementCovered, ["ref": .string(reference), "controller": .string(controller), "coveredBy": .string(coveredBy)])
        case let .notFocusable(reference, type):
            error(.elementNotInteractive, ["ref": .string(reference), "type": .string(type)])
        }
    }

    private func error(_ code: ErrorCode, _ data: JSONValue.Object) -> ResponseError {
        ResponseError(code: code, message: "\(code.slamName): \(description)", data: .object(data))
    }
}
