// RecipeModel.swift is a link to Tests/DocSamples/BuildingASwiftUIApp.swift: the article's nodes and
// routes, compiled here too so that the SwiftUI samples use the very types the Linux samples test.
#if canImport(SwiftUI)
    // doc-sample: BuildingASwiftUIApp.md scene
    import ComposerSwiftUI
    import SwiftUI

    /// What one scene of the recipe app navigates in: its model, its router, the view of each kind
    /// of node.
    @MainActor
    final class RecipeNavigation {
        let model = NavigationModel()
        let registry = NodeViewRegistry()
        let router: DefaultRouter

        init() {
            router = DefaultRouter(windowProvider: FixedWindowProvider(model))
            registry.register(RecipeListNode.self) { _ in RecipeListView() }
            registry.register(FavouritesNode.self) { _ in Text("No favourites yet") }
            registry.register(RecipeNode.self) { RecipeView(recipe: $0) }
            registry.register(TimerNode.self) { _ in Text("10:00").font(.largeTitle) }
            registry.tabLabel { tab in
                Label(tab.name == "recipes-nav" ? "Recipes" : "Favourites", systemImage: "book")
            }
        }
    }

    /// One scene: `WindowGroup { RecipeScene() }` gives each window its own navigation.
    struct RecipeScene: View {
        @State private var navigation = RecipeNavigation()

        var body: some View {
            NavigationModelView(model: navigation.model, registry: navigation.registry, router: navigation.router)
                .task {
                    do {
                        try await navigation.router.navigate(to: RecipeRoutes().recipeList(), with: (), animated: false)
                    } catch {
                        print("The recipes did not open: \(error)")
                    }
                }
        }
    }
    // end-doc-sample

    // doc-sample: BuildingASwiftUIApp.md list
    /// The recipes; a tap navigates through the router, never by changing a path itself.
    struct RecipeListView: View {
        @Environment(\.composerRouter) private var router

        var body: some View {
            List(1..<10) { id in
                Button("Recipe \(id)") {
                    Task {
                        do {
                            try await router?.navigate(to: RecipeRoutes().recipe, with: id)
                        } catch {
                            print("Recipe \(id) did not open: \(error)")
                        }
                    }
                }
            }
            .navigationTitle("Recipes")
        }
    }
    // end-doc-sample

    // doc-sample: BuildingASwiftUIApp.md recipe
    /// A recipe. Its state lives in its node; Done uses SwiftUI's own dismiss action, which pops
    /// the recipe (or closes the sheet it is the first screen of), and the model hears it as the
    /// user's move.
    struct RecipeView: View {
        @Bindable var recipe: RecipeNode
        @Environment(\.composerRouter) private var router
        @Environment(\.dismiss) private var dismiss

        var body: some View {
            Form {
                Stepper("Servings: \(recipe.servings)", value: $recipe.servings, in: 1...12)
                Button("Start the timer") {
                    Task { try? await router?.navigate(to: RecipeRoutes().timer, with: recipe.recipeID) }
                }
                Button("Done") { dismiss() }
            }
            .navigationTitle("Recipe \(recipe.recipeID)")
        }
    }
// end-doc-sample
#endif
