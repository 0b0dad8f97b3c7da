import ComposerSwiftUI
import SwiftUI

// The SwiftUI views of what the articles promise (ExampleApp/Shared/ShopFeatures.swift has the routes):
// the size picker, the review editor, the side menu and its panels, and the bar each screen asks for.

/// The size picker: one button per size and Cancel, each answering through the node's result handle.
struct SizePickerView: View {
    let picker: SizePickerScreen

    var body: some View {
        VStack(spacing: 16) {
            Text("Which size of \(SampleProduct.name(of: picker.productID))?").font(.title2)
            ForEach(ProductSize.allCases, id: \.self) { size in
                Button("Size \(size)", systemImage: "tshirt") { picker.resultHandle?.finish(with: size) }
                    .buttonStyle(.borderedProminent)
            }
            Button("Cancel", systemImage: "xmark") { picker.resultHandle?.finish() }
        }
        .padding()
    }
}

/// The review editor: a text field, Discard and Save. While the text differs from the saved review,
/// the node refuses to close, and `NodeView` disables the sheet's swipe-down.
struct ReviewEditorView: View {
    let editor: ReviewEditorScreen
    let shop: SwiftUIShop

    var body: some View {
        Form {
            TextField("Your review", text: Binding(get: { editor.text }, set: { editor.edit($0) }), axis: .vertical)
                .lineLimit(5...10)
        }
        .navigationTitle("Review")
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button("Discard") {
                    editor.discard()
                    close()
                }
            }
            ToolbarItem(placement: .confirmationAction) {
                Button("Save") {
                    editor.save(in: shop.session)
                    close()
                }
            }
        }
        .shopBar(ShopBar.of(editor))
    }

    private func close() {
        shop.navigate("closing the review editor") { try await $0.router.navigate(to: $0.routes.back) }
    }
}

/// The side menu: the panel on screen, shown by its own `NodeView` (so it appears, disappears and
/// presents like any node), switched with a cross-fade when the router reveals the other panel.
struct SideMenuView: View {
    let sideMenu: ShopSideMenu

    var body: some View {
        ZStack {
            if sideMenu.showsMenu {
                NodeView(sideMenu.menu).transition(.opacity)
            } else {
                NodeView(sideMenu.content).transition(.opacity)
            }
        }
        .animation(.default, value: sideMenu.showsMenu)
    }
}

/// The side menu's menu panel: the sections, each reached through the router.
struct MenuView: View {
    let shop: SwiftUIShop

    var body: some View {
        VStack(spacing: 16) {
            Text("Menu").font(.largeTitle)
            Button("Help", systemImage: "questionmark.circle") {
                shop.navigate("showing help") { try await $0.router.navigate(to: $0.routes.help) }
            }
            .buttonStyle(.borderedProminent)
            Button("Close", systemImage: "xmark") {
                shop.navigate("closing the side menu") { try await $0.router.navigate(to: $0.routes.back) }
            }
        }
        .padding()
    }
}

/// The side menu's content panel: help, and the way back to the menu.
struct HelpView: View {
    let shop: SwiftUIShop

    var body: some View {
        VStack(spacing: 16) {
            Text("Help").font(.largeTitle)
            Text("Every screen of the shop is a destination; the router gets you to each one.")
                .multilineTextAlignment(.center)
            Button("Menu", systemImage: "line.3.horizontal") {
                shop.navigate("showing the menu") { try await $0.router.navigate(to: $0.routes.menu) }
            }
        }
        .padding()
    }
}

extension View {
    /// The bar a shop screen asks for (`ShopBar`, shared with the UIKit app and the terminal), as
    /// SwiftUI sets it: on the screen's own view, so it comes and goes with the screen.
    func shopBar(_ bar: ShopBar) -> some View {
        toolbarBackground(bar.background == .transparent ? .hidden : .automatic, for: .navigationBar)
            .tint(bar.tint == "orange" ? .orange : bar.tint == "purple" ? .purple : nil)
    }
}
