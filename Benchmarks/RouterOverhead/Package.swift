// swift-tools-version: 6.0
import PackageDescription

// Times the router (reveal, failing navigation, a 4-step build, one guard round, navigating to the
// current screen) on in-memory trees of 10 to 10,000 screens, next to a bare walk of the same tree
// timed in the same run, for minimal screens, for the test kit's and for the SwiftUI navigation model's
// nodes (which need macOS 14 / iOS 17, hence this package's platforms). Run from this directory:
//     swift run -c release RouterOverhead
let package = Package(
    name: "RouterOverhead",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "Composer", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "RouterOverhead",
            dependencies: [
                .product(name: "Composer", package: "Composer"),
                .product(name: "ComposerTesting", package: "Composer"),
                .product(name: "ComposerSwiftUIModel", package: "Composer"),
                .product(name: "ComposerSwiftUITesting", package: "Composer"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
