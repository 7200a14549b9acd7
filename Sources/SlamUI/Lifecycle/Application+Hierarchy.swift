/// The whole visible hierarchy, containers included.
extension Application {
    /// Every controller in navigation, root first: each controller of the
    /// stack, followed by what it declares through ``InspectableHierarchy``
    /// (recursively). A container that declares itself or one of its own
    /// containers is not descended into again, so a mistake cannot loop.
    public var hierarchy: [ViewController] {
        var controllers: [ViewController] = []
        var containersBeingVisited: [ViewController] = []
        func visit(_ controller: ViewController) {
            guard !containersBeingVisited.contains(where: { $0 === controller }) else { return }
            controllers.append(controller)
            guard let container = controller as? any InspectableHierarchy else { return }
            containersBeingVisited.append(controller)
            for child in container.hierarchy { visit(child) }
            containersBeingVisited.removeLast()
        }
        for presentation in stack { visit(presentation.controller) }
        return controllers
    }

    /// The innermost controller a user sees now: the last of ``hierarchy``
    /// (the top of the stack, or the child a container on top shows).
    public var visibleController: ViewController? {
        hierarchy.last
    }
}
