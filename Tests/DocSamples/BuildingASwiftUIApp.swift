// doc-sample: BuildingASwiftUIApp.md nodes
import Composer
import ComposerSwiftUIModel
import Observation

/// The list of recipes, at the bottom of the first tab.
@available(iOS 17, macOS 14, *)
final class RecipeListNode: NavigationNode {}

/// The saved recipes, at the bottom of the second tab.
@available(iOS 17, macOS 14, *)
final class FavouritesNode: NavigationNode {}

/// One recipe: the node holds the screen's state, the view only shows it.
@available(iOS 17, macOS 14, *)
@Observable
final class RecipeNode: NavigationNode, ContextChecking {
    let recipeID: Int
    var servings = 2

    init(recipeID: Int) {
        self.recipeID = recipeID
        super.init("recipe \(recipeID)")
    }

    /// Whether this node shows `recipeID`: what the finder asks, so a second navigation to the
    /// same recipe reveals this node instead of pushing another.
    func isTarget(for recipeID: Int) -> Bool { self.recipeID == recipeID }
}

/// A cooking timer for one recipe, in a sheet over it.
@available(iOS 17, macOS 14, *)
final class TimerNode: NavigationNode {}
// end-doc-sample

// doc-sample: BuildingASwiftUIApp.md routes
/// Every destination of the recipe app, described once.
@available(iOS 17, macOS 14, *)
@MainActor
struct RecipeRoutes {
    /// Two tabs of stacks, built on a cold start and made the scene's root.
    func tabs<Context>() -> DestinationStep<TabsNode, Context> {
        StepAssembly(
            finder: ClassFinder<TabsNode, Context>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { _ in TabsNode("tabs") },
                children: [
                    { _ in StackNode("recipes-nav", nodes: [RecipeListNode("recipes")]) },
                    { _ in StackNode("favourites-nav", nodes: [FavouritesNode("favourites")]) },
                ])
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
    }

    /// The recipe list, its tab selected.
    func recipeList<Context>() -> DestinationStep<RecipeListNode, Context> {
        StepAssembly(
            finder: ClassFinder<RecipeListNode, Context>(),
            factory: BuiltByContainerFactory<RecipeListNode, Context>()
        )
        .using(GeneralAction.nothing())
        .from(
            StepAssembly(
                finder: PredicateFinder<StackNode, Context> { stack, _ in stack.name == "recipes-nav" },
                factory: BuiltByContainerFactory<StackNode, Context>())
        )
        .using(TabsNode.selectTab())
        .from(tabs())
        .assemble()
    }

    /// A recipe, pushed onto the recipes tab above the list.
    var recipe: DestinationStep<RecipeNode, Int> {
        StepAssembly(
            finder: ClassWithContextFinder<RecipeNode, Int>(),
            factory: ClosureFactory { id in RecipeNode(recipeID: id) }
        )
        .using(StackNode.push())
        .from(recipeList().expectingContainer())
        .assemble()
    }

    /// The timer of a recipe, in a sheet over the recipe that rests at half height.
    var timer: DestinationStep<TimerNode, Int> {
        StepAssembly(
            finder: ClassFinder<TimerNode, Int>(),
            factory: ClosureFactory { _ in
                let timer = TimerNode("timer")
                timer.presentationStyle = .sheet(detents: [.medium, .large])
                return timer
            }
        )
        .using(GeneralAction.presentModally())
        .from(recipe)
        .assemble()
    }
}
// end-doc-sample
