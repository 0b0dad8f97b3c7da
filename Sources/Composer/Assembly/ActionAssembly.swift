/// A route under construction whose last step has its action and waits for the step it acts on.
///
/// `Target` is the screen type the action needs; `from` accepts only steps of that type, or any
/// step when the action works on any screen.
@MainActor
public struct ActionAssembly<ViewController, Context, Target> {
    let nodes: [StepNode]
    let integration: StepNode.Integration

    func attached() -> [StepNode] {
        var result = nodes
        result[result.count - 1].integration = integration
        return result
    }

    /// Ends the route at `step`, a complete route of its own (an anchor, or a longer route).
    public func from(_ step: DestinationStep<Target, Context>) -> CompletedAssembly<ViewController, Context> {
        CompletedAssembly(chain: step.chain.appending(after: attached()))
    }
}

extension ActionAssembly where Target: Screen {
    /// Continues the route with `step`, which needs an action of its own next.
    public func from(_ step: StepAssembly<Target, Context>) -> ChainTail<ViewController, Context> {
        ChainTail(nodes: attached() + [step.node])
    }
}

extension ActionAssembly where Target == any Screen {
    /// Ends the route at `step`: an action that works on any screen can follow any step.
    public func from<S>(_ step: DestinationStep<S, Context>) -> CompletedAssembly<ViewController, Context> {
        CompletedAssembly(chain: step.chain.appending(after: attached()))
    }

    /// Continues the route with `step`: an action that works on any screen can follow any step.
    public func from<S: Screen>(_ step: StepAssembly<S, Context>) -> ChainTail<ViewController, Context> {
        ChainTail(nodes: attached() + [step.node])
    }
}

/// A route under construction whose last step still needs its action.
@MainActor
public struct ChainTail<ViewController, Context> {
    let nodes: [StepNode]

    /// How the last step joins the screen of the next `from`.
    public func using<A: Action>(_ action: A) -> ActionAssembly<ViewController, Context, A.Presenter> {
        ActionAssembly(nodes: nodes, integration: .of(action))
    }

    /// How the last step goes into the container of the next `from`.
    public func using<A: ContainerAction>(_ action: A) -> ActionAssembly<ViewController, Context, A.Container> {
        ActionAssembly(nodes: nodes, integration: .of(action))
    }
}

/// A route that reaches an anchor; ``assemble()`` makes it a ``DestinationStep``.
@MainActor
public struct CompletedAssembly<ViewController, Context> {
    let chain: StepChain

    /// The finished route.
    public func assemble() -> DestinationStep<ViewController, Context> {
        DestinationStep(chain: chain)
    }
}
