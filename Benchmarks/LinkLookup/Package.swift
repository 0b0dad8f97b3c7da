// swift-tools-version: 6.0
import PackageDescription

// Times link lookups against tables of 10 to 10,000 patterns, next to a linear matcher and a
// lean byte trie measured in the same run, and counts heap allocations. Run from this directory:
//     swift run -c release LinkLookup [--rounds N] [--slice SECONDS] [--counts 10,1000]
// and, for instruction counts that load on a shared machine does not disturb (valgrind):
//     swift build -c release && bash instructions.sh 10 10000
let package = Package(
    name: "LinkLookup",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "Composer", path: "../..")
    ],
    targets: [
        .target(name: "AllocationCounter"),
        .executableTarget(
            name: "LinkLookup",
            dependencies: [
                "AllocationCounter",
                .product(name: "Composer", package: "Composer"),
                .product(name: "ComposerLinks", package: "Composer"),
                .product(name: "ComposerTesting", package: "Composer"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
