import SlamJSON
import SlamRPC

/// The one list of methods: it feeds both dispatch and `rpc.discover`.
enum SlamMethods {
    static func all(_ service: SlamService) -> [MethodDescriptor<ClientSession>] {
        [
            PingMethod.descriptor(),
            VersionMethod.descriptor(service),
            FindMethod.descriptor(service),
            QueryMethod.descriptor(service),
            TreeMethod.descriptor(service),
            UpdateUIMethod.descriptor(service),
            ResetUIMethod.descriptor(service),
            PressMethod.descriptor(service),
            SetTextMethod.descriptor(service),
            RunTaskMethod.descriptor(service),
            TasksMethod.descriptor(service),
            ControllersMethod.descriptor(service),
            WaitForMethod.descriptor(service),
            SubscribeMethod.descriptor(service),
            UnsubscribeMethod.descriptor(service),
            StateGetMethod.descriptor(service),
            StateSetMethod.descriptor(service),
            StateListMethod.descriptor(service),
            DiscoverMethod.descriptor(service),
        ]
    }
}

/// Parameters and schemas several methods share. Computed, not stored: they are
/// read once per service, and global JSON constants would outlive every daemon.
enum CommonParameters {
    static var reference: ParameterDescriptor {
        ParameterDescriptor("ref", summary: "The element's reference.", required: true, schema: ["type": "string"])
    }

    static var optionalReference: ParameterDescriptor {
        ParameterDescriptor("ref", summary: "An element's reference; default: the root view.", schema: ["type": "string"])
    }

    static var controller: ParameterDescriptor {
        ParameterDescriptor(
            "controller",
            summary: "The identifier of a controller on the navigation stack (the topmost with it); default: the top controller.",
            schema: ["type": "string"])
    }

    static var snapshotSchema: JSONValue { ["$ref": "#/components/schemas/ElementSnapshot"] }
    static var changesSchema: JSONValue { ["$ref": "#/components/schemas/Changes"] }
}
