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
    ],
    targets: [
        .target(name: "Composer"),
        .target(name: "ComposerLinks", dependencies: ["Composer"]),
        .target(name: "ComposerUIKit", dependencies: ["Composer", "ComposerLinks"]),
        .target(name: "ComposerTesting", dependencies: ["Composer"]),
        .executableTarget(
            name: "ComposerShop",
            dependencies: ["Composer", "ComposerLinks", "ComposerTesting"],
            path: "ExampleApp",
            exclude: ["iOS", "project.yml", "scripts"],
            sources: ["Shared", "Terminal"]
        ),
        .testTarget(name: "ComposerTests", dependencies: ["Composer", "ComposerLinks", "ComposerTesting"]),
        .testTarget(name: "ComposerLinksTests", dependencies: ["Composer", "ComposerLinks", "ComposerTesting"]),
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
