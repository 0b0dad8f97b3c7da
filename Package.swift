// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Composer",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "Composer", targets: ["Composer"]),
        .library(name: "ComposerLinks", targets: ["ComposerLinks"]),
        .library(name: "ComposerUIKit", targets: ["ComposerUIKit"]),
        .library(name: "ComposerTesting", targets: ["ComposerTesting"]),
        .library(name: "ComposerSwiftUIModel", targets: ["ComposerSwiftUIModel"]),
        .library(name: "ComposerSwiftUITesting", targets: ["ComposerSwiftUITesting"]),
        .library(name: "ComposerSwiftUI", targets: ["ComposerSwiftUI"]),
    ],
    targets: [
        .target(name: "Composer"),
        .target(name: "ComposerLinks", dependencies: ["Composer"]),
        .target(name: "ComposerUIKit", dependencies: ["Composer", "ComposerLinks"]),
        .target(name: "ComposerTesting", dependencies: ["Composer"]),
        // The SwiftUI navigation model: platform-free (Composer and Observation), so it builds and
        // is tested on Linux; its types need iOS 17 / macOS 14 and say so with @available.
        .target(name: "ComposerSwiftUIModel", dependencies: ["Composer"]),
        .target(name: "ComposerSwiftUITesting", dependencies: ["Composer", "ComposerTesting", "ComposerSwiftUIModel"]),
        // The SwiftUI views that render the model; empty where SwiftUI does not exist (Linux), its
        // types need iOS 17 / macOS 14. Type-checked on Linux by scripts/ios-typecheck.
        .target(name: "ComposerSwiftUI", dependencies: ["Composer", "ComposerLinks", "ComposerSwiftUIModel"]),
        .executableTarget(
            name: "ComposerShop",
            dependencies: ["Composer", "ComposerLinks", "ComposerTesting", "ComposerShopSwiftUI"],
            path: "ExampleApp",
            exclude: ["iOS", "SwiftUI", "project.yml", "scripts", "TerminalSwiftUI"],
            sources: ["Shared", "Terminal"]
        ),
        // The terminal shop on the SwiftUI navigation model (`--navigation swiftui`): the shared routes
        // and the shop's commands (links to the files of Shared and Terminal) over nodes of the model.
        // The model needs macOS 14, the package's platforms are older, and the shared routes carry no
        // @available: availability is not checked here. Every Mac with a Swift 6 toolchain runs macOS 14.
        .target(
            name: "ComposerShopSwiftUI",
            dependencies: [
                "Composer", "ComposerLinks", "ComposerTesting", "ComposerSwiftUIModel", "ComposerSwiftUITesting",
            ],
            path: "ExampleApp/TerminalSwiftUI",
            swiftSettings: [
                .unsafeFlags(["-Xfrontend", "-disable-availability-checking"], .when(platforms: [.macOS]))
            ]
        ),
        // Screens, routes and trees that several test targets share (not a product).
        .target(
            name: "ComposerTestFixtures", dependencies: ["Composer", "ComposerTesting"],
            path: "Tests/ComposerTestFixtures"),
        // Links appear here only where a queueing rule must hold for links too (a link that interrupts).
        .testTarget(
            name: "ComposerTests",
            dependencies: ["Composer", "ComposerLinks", "ComposerTesting", "ComposerTestFixtures"]),
        .testTarget(
            name: "ComposerLinksTests",
            dependencies: ["Composer", "ComposerLinks", "ComposerTesting", "ComposerTestFixtures"]),
        // The test kit's own tests: its screens and containers keep UIKit's rules.
        .testTarget(
            name: "ComposerTestingTests", dependencies: ["Composer", "ComposerTesting", "ComposerTestFixtures"]),
        // The model's types need macOS 14 and Swift Testing's macros do not take @available, so
        // availability is not checked in these tests (every Mac with a Swift 6 toolchain runs macOS 14).
        .testTarget(
            name: "ComposerSwiftUIModelTests",
            dependencies: [
                "Composer", "ComposerLinks", "ComposerTesting", "ComposerSwiftUIModel", "ComposerSwiftUITesting",
                "ComposerTestFixtures",
            ],
            swiftSettings: [
                .unsafeFlags(["-Xfrontend", "-disable-availability-checking"], .when(platforms: [.macOS]))
            ]
        ),
        .testTarget(name: "ComposerUIKitTests", dependencies: ["Composer", "ComposerUIKit", "ComposerTesting"]),
        // The example shop's routes for what the articles promise, on the twin (the scripted tour shows
        // them; these assert them).
        .testTarget(
            name: "ComposerShopTests",
            dependencies: ["ComposerShop", "Composer", "ComposerLinks", "ComposerTesting"]),
        // The code samples of the articles and the README, compiled as the documents show them
        // (scripts/check-doc-samples keeps the two identical). UIKit samples are empty off iOS and
        // are type-checked by scripts/ios-typecheck and built by the macOS CI job.
        .testTarget(
            name: "DocSamples",
            dependencies: [
                "Composer", "ComposerLinks", "ComposerTesting", "ComposerUIKit", "ComposerSwiftUIModel",
                "ComposerSwiftUITesting",
            ]),
        .testTarget(name: "UIKitDocSamples", dependencies: ["ComposerUIKit"]),
        .testTarget(name: "MigrationDocSamples", dependencies: ["ComposerUIKit"]),
        .testTarget(name: "ReadmeSample", dependencies: ["ComposerUIKit"]),
        // The SwiftUI samples of "Building a SwiftUI app": empty where SwiftUI does not exist,
        // type-checked at iOS 17 by scripts/ios-typecheck.
        .testTarget(name: "SwiftUIDocSamples", dependencies: ["ComposerSwiftUI"]),
    ],
    swiftLanguageModes: [.v6]
)
