import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("Route map")
struct RouteMapTests {
    let journal = Journal()
    var routes: Routes { Routes(journal: journal) }

    func smallMap() throws -> RouteMap {
        var map = RouteMap()
        try map.add("List", routes.list(), sampleContext: 1, links: ["app://list"])
        try map.add("Product in shop", routes.productInShop, sampleContext: 1, links: ["app://product/<id>"])
        try map.add("Product modal", routes.productModal, sampleContext: 1)
        return map
    }

    @Test("Shared steps are drawn once; actions, guards, tasks, contexts and links are marked (DOT)")
    func dotText() throws {
        let map = try smallMap()
        #expect(map.steps.count == 7)
        #expect(
            map.dot == #"""
                digraph routes {
                  rankdir=TB;
                  node [shape=box];
                  s0 [label="WindowAnchor\nfinder: window"];
                  s1 [label="TestTabsContainer\nfinder: ClassFinder\nfactory: TabsContainerFactory"];
                  s2 [label="TestNavigationContainer\nfinder: PredicateFinder\nfactory: NavigationContainerFactory"];
                  s3 [label="ListScreen\nfinder: ClassFinder\nfactory: ClosureFactory"];
                  s4 [label="ProductScreen\nfinder: ClassWithContextFinder\nfactory: ProductFactory\nguards: RecordingInterceptor\ntasks: ProductContextTask", style=bold];
                  s5 [label="any Screen\nfinder: current screen"];
                  s6 [label="TestNavigationContainer\nfinder: NilFinder\nfactory: NavigationContainerFactory"];
                  s0 -> s1 [label="ReplaceRootAction"];
                  s1 -> s2 [label="AddTabAction"];
                  s2 -> s3 [label="PushAction"];
                  s3 -> s4 [label="PushAction<TestNavigationContainer> (expecting container TestNavigationContainer)"];
                  s5 -> s6 [label="PresentModallyAction"];
                  s6 -> s4 [label="PushAction"];
                  d0 [shape=ellipse, label="List (context: Int)\nlink: app://list"];
                  d0 -> s3 [style=dashed];
                  d1 [shape=ellipse, label="Product in shop (context: Int)\nlink: app://product/<id>"];
                  d1 -> s4 [style=dashed];
                  d2 [shape=ellipse, label="Product modal (context: Int)"];
                  d2 -> s4 [style=dashed];
                }

                """#)
    }

    @Test("The same map as a Mermaid flowchart, with angle brackets escaped as entities")
    func mermaidText() throws {
        let map = try smallMap()
        #expect(
            map.mermaid == #"""
                flowchart TD
                  s0["WindowAnchor<br/>finder: window"]
                  s1["TestTabsContainer<br/>finder: ClassFinder<br/>factory: TabsContainerFactory"]
                  s2["TestNavigationContainer<br/>finder: PredicateFinder<br/>factory: NavigationContainerFactory"]
                  s3["ListScreen<br/>finder: ClassFinder<br/>factory: ClosureFactory"]
                  s4["ProductScreen<br/>finder: ClassWithContextFinder<br/>factory: ProductFactory<br/>guards: RecordingInterceptor<br/>tasks: ProductContextTask"]
                  s5["any Screen<br/>finder: current screen"]
                  s6["TestNavigationContainer<br/>finder: NilFinder<br/>factory: NavigationContainerFactory"]
                  s0 -->|"ReplaceRootAction"| s1
                  s1 -->|"AddTabAction"| s2
                  s2 -->|"PushAction"| s3
                  s3 -->|"PushAction#lt;TestNavigationContainer#gt; (expecting container TestNavigationContainer)"| s4
                  s5 -->|"PresentModallyAction"| s6
                  s6 -->|"PushAction"| s4
                  d0(["List (context: Int)<br/>link: app://list"])
                  d0 -.-> s3
                  d1(["Product in shop (context: Int)<br/>link: app://product/#lt;id#gt;"])
                  d1 -.-> s4
                  d2(["Product modal (context: Int)"])
                  d2 -.-> s4
                  classDef guarded stroke-width:3px
                  class s4 guarded

                """#)
    }

    @Test("A generic step reached with two context types is one step, drawn with short names")
    func oneStepPerContainer() throws {
        var map = RouteMap()
        try map.add("List", routes.list(), sampleContext: 1)
        try map.add("List from a link", routes.list() as DestinationStep<ListScreen, Void>)

        #expect(
            map.steps.map(\.screenType) == [
                "WindowAnchor", "TestTabsContainer", "TestNavigationContainer", "ListScreen",
            ])
        #expect(map.steps.map { $0.finder ?? "-" } == ["window", "ClassFinder", "PredicateFinder", "ClassFinder"])
        #expect(map.edges.count == 3)
        #expect(map.destinations.map(\.step) == [3, 3])
    }

    @Test("A switch that has no case for the sample context is reported, and the map is unchanged")
    func unresolvedSwitch() throws {
        let step = SwitchAssembly<ProductScreen, Int>()
            .addCase { context in context > 0 ? routes.productModal : nil }
            .assemble()
        var map = RouteMap()
        do {
            try map.add("Odd", step, sampleContext: -1)
            Issue.record("expected the switch to have no case for -1")
        } catch {
            #expect(error.code == .noMatchingCase)
        }
        #expect(map.steps.isEmpty)
        #expect(map.dot == "digraph routes {\n  rankdir=TB;\n  node [shape=box];\n}\n")
        try map.add("Positive", step, sampleContext: 1)
        #expect(map.destinations.map(\.name) == ["Positive"])
        #expect(map.edges.count == 2)
    }
}
