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
            dependencies: ["Composer", "ComposerLinks", "ComposerTesting"],
            path: "ExampleApp",
            exclude: ["iOS", "SwiftUI", "project.yml", "scripts"],
            sources: ["Shared", "Terminal"]
        ),
        .testTarget(name: "ComposerTests", dependencies: ["Composer", "ComposerLinks", "ComposerTesting"]),
        .testTarget(name: "ComposerLinksTests", dependencies: ["Composer", "ComposerLinks", "ComposerTesting"]),
        .testTarget(
            name: "ComposerSwiftUIModelTests",
            dependencies: [
                "Composer", "ComposerLinks", "ComposerTesting", "ComposerSwiftUIModel", "ComposerSwiftUITesting",
            ]
        ),
        .testTarget(name: "ComposerUIKitTests", dependencies: ["Composer", "ComposerUIKit"]),
        // The code samples of the articles and the README, compiled as the documents show them
        // (scripts/check-doc-samples keeps the two identical). UIKit samples are empty off iOS and
        // are type-checked by scripts/ios-typecheck and built by the macOS CI job.
        .testTarget(
            name: "DocSamples", dependencies: ["Composer", "ComposerLinks", "ComposerTesting", "ComposerUIKit"]),
        .testTarget(name: "UIKitDocSamples", dependencies: ["ComposerUIKit"]),
        .testTarget(name: "MigrationDocSamples", dependencies: ["ComposerUIKit"]),
        .testTarget(name: "ReadmeSample", dependencies: ["ComposerUIKit"]),
    ],
    swiftLanguageModes: [.v6]
)
