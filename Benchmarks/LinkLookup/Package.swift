// swift-tools-version: 6.0
import PackageDescription

// Times link lookups against tables of 10 to 10,000 patterns. Run from this directory:
//     swift run -c release LinkLookup
let package = Package(
    name: "LinkLookup",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "Composer", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "LinkLookup",
            dependencies: [
                .product(name: "Composer", package: "Composer"),
                .product(name: "ComposerLinks", package: "Composer"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
