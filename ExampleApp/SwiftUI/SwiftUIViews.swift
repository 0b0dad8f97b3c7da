import ComposerSwiftUI
import SwiftUI

// The SwiftUI shop's screens. Each view shows its node and starts navigations through the router;
// none of them changes the navigation state itself. Close buttons use SwiftUI's own `dismiss`
// action, which works on what Composer presented: the model hears it as the user's dismissal.

/// The home tab: a welcome, shortcuts that navigate through the router, and About in a popover.
struct HomeView: View {
    let shop: SwiftUIShop

    var body: some View {
        VStack(spacing: 16) {
            Text("Every button below navigates through the router.")
            Button("Browse products", systemImage: "bag") {
                shop.navigate("showing the products") {
                    try await $0.router.navigate(to: $0.routes.productList(), with: ())
                }
            }
            .buttonStyle(.borderedProminent)
            Button("Open shop://product/42", systemImage: "link") {
                shop.navigate("opening shop://product/42") {
                    try await $0.router.open("shop://product/42", using: $0.links)
                }
            }
            Button("Show the cart", systemImage: "cart") {
                shop.navigate("showing the cart") { try await $0.router.navigate(to: $0.routes.cart) }
            }
        }
        .padding()
        .navigationTitle("Composer Shop")
        .toolbar {
            ToolbarItem(placement: .navigation) {
                Button("Menu", systemImage: "line.3.horizontal") {
                    shop.navigate("showing the side menu") { try await $0.router.navigate(to: $0.routes.menu) }
                }
            }
            ToolbarItem(placement: .primaryAction) {
                Button("About", systemImage: "info.circle") {
                    shop.navigate("showing about") { try await $0.router.navigate(to: $0.routes.about) }
                }
            }
        }
    }
}

/// The products tab: the sample products; a row navigates to the product.
struct ProductListView: View {
    let shop: SwiftUIShop

    var body: some View {
        List(SampleProduct.all, id: \.id) { product in
            Button {
                // Through the router, so sign-in and the A/B group apply.
                shop.navigate("showing product \(product.id)") {
                    try await $0.router.navigate(to: $0.routes.product, with: product.id)
                }
            } label: {
                Label {
                    VStack(alignment: .leading) {
                        Text(product.name)
                        Text("#\(product.id)").font(.footnote).foregroundStyle(.secondary)
                    }
                } icon: {
                    Image(systemName: product.symbol)
                }
            }
        }
        .navigationTitle("Products")
    }
}

/// One product: its name and id, the size picked, "Add to cart", "Pick a size", "Write a review" and
/// "View cart"; Close when it is the first screen of a sheet (experiment group B). Its bar is its own
/// (`ShopBar.product`: orange buttons, no background).
struct ProductView: View {
    let product: ProductScreen
    let shop: SwiftUIShop
    @Environment(\.composerRouter) private var router
    @Environment(\.dismiss) private var dismiss
    @State private var cartCount = 0

    var body: some View {
        VStack(spacing: 16) {
            Text(SampleProduct.name(of: product.productID)).font(.largeTitle)
            Text("Product #\(product.productID)").font(.subheadline).foregroundStyle(.secondary)
            if let sizeNote = product.sizeNote { Text(sizeNote).font(.subheadline) }
            Button("Add to cart", systemImage: "cart.badge.plus") {
                shop.session.cart.append(product.productID)
                cartCount = shop.session.cart.count
            }
            .buttonStyle(.borderedProminent)
            Button("Pick a size", systemImage: "tshirt") {
                let id = product.productID
                // Awaits the picker's answer; the route shows it on this node.
                shop.navigate("asking the size of \(id)") { _ = try await $0.routes.pickSize(for: id) }
            }
            Button("Write a review", systemImage: "square.and.pencil") {
                let id = product.productID
                shop.navigate("editing the review of \(id)") {
                    try await $0.router.navigate(to: $0.routes.reviewEditor, with: id)
                }
            }
            Button("View cart", systemImage: "cart") {
                // The router from the environment: what any screen's view can use.
                guard let router else { return }
                shop.navigate("showing the cart") { try await router.navigate(to: $0.routes.cart) }
            }
            Text("The cart holds \(cartCount) item(s).").font(.footnote)
        }
        .padding()
        .navigationTitle(product.title)
        .toolbar {
            if isFirstScreenOfSheet {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Close") { dismiss() }
                }
            }
        }
        .shopBar(ShopBar.of(product))
        .onAppear { cartCount = shop.session.cart.count }
    }

    /// Whether the product is the first screen of a presented stack, where `dismiss` closes the
    /// sheet (elsewhere it pops, and the back button does that already).
    private var isFirstScreenOfSheet: Bool {
        guard let stack = product.parentScreen as? StackNode else { return false }
        return stack.rootNode === product && stack.presentingScreen != nil
    }
}

/// The cart, in its own modal stack: the items, and Close.
struct CartView: View {
    let cart: CartScreen
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        List {
            if cart.items.isEmpty {
                Text("Your cart is empty.").foregroundStyle(.secondary)
            }
            ForEach(Array(cart.items.enumerated()), id: \.offset) { _, id in
                VStack(alignment: .leading) {
                    Text(SampleProduct.name(of: id))
                    Text("#\(id)").font(.footnote).foregroundStyle(.secondary)
                }
            }
        }
        .navigationTitle("Cart")
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button("Close") { dismiss() }
            }
        }
    }
}

/// Sign in or cancel, answering the navigation that waits for it (`SignInInterceptor`).
struct LoginView: View {
    let shop: SwiftUIShop
    /// The node this view shows, whose handle answers the guard that waits.
    let login: LoginScreen

    var body: some View {
        VStack(spacing: 16) {
            Text("Sign in to continue").font(.title2)
            Text("This screen only asks; no account is needed.").font(.footnote)
            Button("Sign in", systemImage: "person.crop.circle.badge.checkmark") { answer(approved: true) }
                .buttonStyle(.borderedProminent)
            Button("Cancel", systemImage: "xmark") { answer(approved: false) }
        }
        .padding()
    }

    /// Answers the waiting navigation: the router closes this screen, then the guard lets the
    /// navigation go on or stops it. Opened with nothing waiting, it signs in or not and closes
    /// itself.
    private func answer(approved: Bool) {
        if login.answer(signedIn: approved, in: shop.session) { return }
        shop.navigate("closing the login screen") { try await $0.router.navigate(to: $0.routes.back) }
    }
}

/// The account tab: who is signed in, the A/B experiment switch, and sign out.
struct AccountView: View {
    let shop: SwiftUIShop
    @State private var isSignedIn = false
    @State private var productsAsSheet = false

    var body: some View {
        Form {
            Text(isSignedIn ? "You are signed in." : "You are not signed in.")
            Toggle("Products in a sheet (A/B group B)", isOn: $productsAsSheet)
            Button("Sign out", systemImage: "rectangle.portrait.and.arrow.right") {
                isSignedIn = false
                shop.navigate("leaving the signed-in screens after signing out") {
                    try await $0.routes.forceSignOut()
                }
            }
        }
        .navigationTitle("Account")
        .onAppear {
            isSignedIn = shop.session.isSignedIn
            productsAsSheet = shop.session.productsAsSheet
        }
        .onChange(of: productsAsSheet) { _, asSheet in shop.session.productsAsSheet = asSheet }
    }
}

/// What the shop is, in a popover from the home screen.
struct AboutView: View {
    var body: some View {
        VStack(spacing: 8) {
            Text("Composer Shop").font(.title2)
            Text("An example of declarative navigation with Composer: every screen is a destination.")
                .multilineTextAlignment(.center)
        }
        .padding()
        .frame(minWidth: 280, minHeight: 160)
    }
}
