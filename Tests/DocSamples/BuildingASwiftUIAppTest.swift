// doc-sample: BuildingASwiftUIApp.md test
import Composer
import ComposerSwiftUIModel
import ComposerSwiftUITesting
import Testing

@available(iOS 17, macOS 14, *)
@MainActor
@Test("A link to a recipe's timer builds the tabs, pushes the recipe and presents the timer")
func timerLink() async throws {
    let model = NavigationModel()
    let driver = NavigationModelDriver(model: model)  // acknowledges appearances as views would
    let router = DefaultRouter(windowProvider: FixedWindowProvider(model))
    let routes = RecipeRoutes()

    try await router.navigate(to: routes.timer, with: 7)

    #expect(
        driver.render() == """
            window
              tabs "tabs" selected=0
                nav "recipes-nav"
                  screen "recipes"
                  screen "recipe 7"
                nav "favourites-nav"
                  screen "favourites"
              presented sheet [medium, large]:
                screen "timer"
            """)

    // The user swipes the sheet down, then taps Back: the model applies both, as SwiftUI's
    // bindings would write them.
    #expect(driver.userSwipeDown().isApplied)
    #expect(driver.userTapBack().isApplied)
    #expect(model.current?.name == "recipes")
}
// end-doc-sample
