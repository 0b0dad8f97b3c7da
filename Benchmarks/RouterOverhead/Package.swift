// swift-tools-version: 6.0
import PackageDescription

// Times the router (reveal, a 4-step build, a failing navigation, the fixed cost of a navigation)
// and one test-kit transition on in-memory trees of 10 to 10,000 screens, next to one bare
// depth-first walk of the same tree measured in the same run. Run from this directory:
//     swift run -c release RouterOverhead
let package = Package(
    name: "RouterOverhead",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "Composer", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "RouterOverhead",
            dependencies: [
                .product(name: "Composer", package: "Composer"),
                .product(name: "ComposerTesting", package: "Composer"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
