/// Phase 1, plan: which step's screen is on screen (the anchor), and where each new screen goes.
extension NavigationRun {
    /// Resolves the chain against the tree and returns its plan; nothing runs but the finders
    /// (and a ``SwitchAssembly``'s choice).
    func makePlan() throws -> RunPlan {
        stage = .planning
        let revision = revisioning?.treeRevision
        let (nodes, switchPicks) = try SwitchPicks.resolving { try chain.resolve(navigationContext, tree) }
        // Other cases taken than the plan before took (a guard switched an A/B flag): their steps
        // may be built alike yet be other steps, each with its own guards, so every step guard
        // runs again. (The first plan replaces `unplanned`, whose guards have not run.)
        if switchPicks != plan.switchPicks { guards.ran.removeAll() }
        // A loop, not `map`: a closure written in main-actor code is checked at run time.
        var steps: [RunPlan.Step] = []
        steps.reserveCapacity(nodes.count)
        for node in nodes {
            steps.append(RunPlan.Step(node: node, context: try node.contextAdapter(navigationContext)))
        }
        guard let anchor = try findAnchor(in: &steps) else {
            var finders: [String] = []
            for node in nodes {
                if let name = node.finderName { finders.append(name) }
            }
            let asked = finders.joined(separator: ", ")
            // Named at the chain's outermost step: it cannot be built (nothing precedes it to
            // integrate it into), so its screen is the one that must exist.
            throw failure(
                .noAnchor, step: steps.indices.last,
                expected: "one step of the chain to find its screen (asked: \(asked))",
                found: "none of them found anything in the current tree (on screen: "
                    + "\(tree.current.map { "\($0)" } ?? "nothing"))", unanchored: steps)
        }
        plan = RunPlan(steps: steps, anchor: anchor, revision: revision, switchPicks: switchPicks)
        for index in plan.newSteps {
            if case .none = plan.steps[index].node.build {
                throw failure(
                    .screenNotFound, step: index, expected: "the screen to exist, since this step cannot be built",
                    found: "no such screen in the current tree")
            }
        }
        for index in plan.newSteps {
            let target = try resolveTarget(of: index)
            plan.steps[index].target = target
            if case .node(let container) = target, case .container = plan.steps[container].node.build,
                plan.steps[index].node.integration?.isContainer == true, !plan.steps[index].node.isBuiltByContainer
            {
                plan.steps[index].mergedInto = container
            }
        }
        // A destination that expects a container (`expectingContainer()` on the finished route) and
        // that the chain can never put in one fails here, before anything runs or is shown.
        if let adapter = plan.steps[0].node.targetAdapter { _ = try nearestContainer(adapter, from: 0) }
        return plan
    }

    /// Asks the finders from the destination back and records the first screen found; returns its
    /// position, or `nil` when no finder found anything.
    private func findAnchor(in steps: inout [RunPlan.Step]) throws -> Int? {
        var index = 0
        while index < steps.count {
            if let shared = sharedWalk(from: index, of: steps) {
                if let (test, screen) = ScreenSearch.firstAcceptingTest(
                    shared.tests, in: tree, options: shared.search.options, start: shared.search.start)
                {
                    steps[index + test].screen = screen
                    return index + test
                }
                index += shared.tests.count
                continue
            }
            do {
                if let found = try steps[index].node.findScreen(
                    with: steps[index].context, in: tree, step: "step \(index): \(steps[index].node.summary)",
                    position: index)
                {
                    steps[index].screen = found
                    return index
                }
            } catch {
                throw error.with(plan: report(of: steps, anchor: nil))
            }
            index += 1
        }
        return nil
    }

    /// The candidate tests of the steps from `index` on that can share one walk, when there are
    /// several: consecutive steps whose finders search the same candidates. A step whose test
    /// cannot be made for its context ends the run; it is asked alone, in order, and reports its
    /// own error.
    private func sharedWalk(from index: Int, of steps: [RunPlan.Step]) -> (
        search: CandidateTest, tests: [CandidateCheck]
    )? {
        guard let search = steps[index].node.candidateTest, steps.count > index + 1,
            steps[index + 1].node.candidateTest?.walksLike(search) == true
        else { return nil }
        var tests: [CandidateCheck] = []
        // Over positions, reading fields (see `RunPlan.Step`).
        for position in index..<min(steps.count, index + ScreenSearch.maximumSharedTests) {
            guard let candidateTest = steps[position].node.candidateTest, candidateTest.walksLike(search),
                let test = try? candidateTest.forContext(steps[position].context)
            else { break }
            tests.append(test)
        }
        return tests.count > 1 ? (search, tests) : nil
    }

    /// Whether the plan may no longer match the tree: the window does not count its changes, or
    /// it changed since planning, or the chain now resolves to other steps (a SwitchAssembly that
    /// takes another case, even one whose steps have the same types).
    func planIsStale() throws -> Bool {
        guard let planned = plan.revision, let revisioning, revisioning.treeRevision == planned else { return true }
        let (resolved, switchPicks) = try SwitchPicks.resolving { try chain.resolve(navigationContext, tree) }
        return switchPicks != plan.switchPicks || resolved.count != plan.steps.count
            || zip(resolved, plan.steps).contains { node, step in
                node.summary != step.node.summary
                    || !node.interceptors.map(\.name).elementsEqual(step.node.interceptors.map(\.name))
            }
    }

    /// The screen step `index`'s action works on: the screen of the step before, or the container around
    /// it when that step expects one.
    private func resolveTarget(of index: Int) throws -> RunPlan.Target {
        let before = index + 1
        guard plan.steps[index].node.integration != nil else {
            throw failure(
                .actionFailed, step: index, expected: "an action that puts this screen on the one of the step before",
                found: "no action: use .using(...) on this step")
        }
        guard let adapter = plan.steps[before].node.targetAdapter else {
            if before == plan.anchor, let screen = plan.steps[before].screen { return .live(screen) }
            return .node(before)
        }
        return try nearestContainer(adapter, from: before)
    }

    private func nearestContainer(_ adapter: StepNode.TargetAdapter, from index: Int) throws -> RunPlan.Target {
        // Fields, not the whole step (see `RunPlan.Step`).
        let node = plan.steps[index].node
        if index == plan.anchor, let screen = plan.steps[index].screen {
            guard let container = adapter.resolve(screen) else {
                throw failure(
                    .containerNotFound, step: index, expected: "\(adapter.name) around \(screen)",
                    found: "no such container among \(screen) and its parents")
            }
            return .live(container)
        }
        if adapter.matchesType(node.declaredType) { return .node(index) }
        if node.isBuiltByContainer { return .around(index, adapter) }
        guard node.integration?.isContainer == true else {
            throw failure(
                .containerNotFound, step: index,
                expected: "\(adapter.name) around the new \(node.screenTypeName)",
                found: "its action \(node.integration?.name ?? "none") does not put it into a container")
        }
        switch try resolveTarget(of: index) {
        case .live(let parent):
            guard let container = adapter.resolve(parent) else {
                throw failure(
                    .containerNotFound, step: index, expected: "\(adapter.name) at or around \(parent)",
                    found: "no such container")
            }
            return .live(container)
        case .node(let parent):
            return try nearestContainer(adapter, from: parent)
        case .around(let parent, _):
            return .around(parent, adapter)
        }
    }
}
