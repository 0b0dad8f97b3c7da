import Composer
import ComposerLinks
import Foundation

// Measures how long `LinkTable.resolve` takes as the number of registered patterns grows.
// The trie should keep the time per lookup nearly flat: it depends on the link, not on the
// table's size.

/// A small seeded generator so every run times the same links.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Ten patterns per app "module", mixing static, typed, string, affixed, query and catch-all
/// patterns, under a custom scheme and a universal-link host with an alias.
func pattern(_ index: Int) -> String {
    let module = "m\(index / 10)"
    switch index % 10 {
    case 0: return "shop://\(module)"
    case 1: return "shop://\(module)/list"
    case 2: return "shop://\(module)/<int:id>"
    case 3: return "shop://\(module)/<slug>"
    case 4: return "shop://\(module)/<int:id>/reviews/<uuid:review>"
    case 5: return "shop://\(module)/<slug>/edit?tab=<tab?>"
    case 6: return "shop://\(module)/files/<path:rest>"
    case 7: return "https://{shop.example.com,www.shop.example.com}/\(module)/p/user-<int:id>"
    case 8: return "https://shop.example.com/\(module)/<double:price>/<bool:flag>"
    default: return "shop://\(module)/<int:id>/<path:rest>"
    }
}

/// A link for pattern `index`, or one that matches nothing.
func link(_ index: Int, random: inout SplitMix64) -> String {
    let module = "m\(index / 10)"
    let number = Int(random.next() % 100_000)
    switch index % 10 {
    case 0: return "shop://\(module)"
    case 1: return "shop://\(module)/list"
    case 2: return "shop://\(module)/\(number)"
    case 3: return "shop://\(module)/blue-shoes-\(number)"
    case 4: return "shop://\(module)/\(number)/reviews/3F2504E0-4F89-11D3-9A0C-0305E82C3301"
    case 5: return "shop://\(module)/summer-sale/edit?tab=details&utm_source=mail"
    case 6: return "shop://\(module)/files/docs/2024/report%20final.pdf"
    case 7: return "https://WWW.shop.example.com/\(module)/p/user-\(number)"
    case 8: return "https://shop.example.com/\(module)/\(number).99/true"
    // Typed branch fails deep ('not-a-uuid'), so the walk backs up to the catch-all.
    default: return "shop://\(module)/\(number)/reviews/not-a-uuid"
    }
}

@MainActor
func benchmark(patternCount: Int) throws -> (lookups: Int, nanosecondsPerLookup: Double, buildMilliseconds: Double) {
    let clock = ContinuousClock()
    var table = LinkTable<Int>()
    let build = try clock.measure {
        for index in 0..<patternCount {
            try table.register(pattern(index)) { _ in index }
        }
        table.fallback { _ in -1 }
    }

    // 1,000 links spread over every registered pattern, one in ten matching nothing.
    var random = SplitMix64(state: 42)
    var links: [String] = []
    for _ in 0..<1000 {
        if random.next() % 10 == 0 {
            links.append("shop://unknown\(random.next() % 1000)/x/y")
        } else {
            links.append(link(Int(random.next() % UInt64(patternCount)), random: &random))
        }
    }

    var checksum = 0
    for url in links { checksum &+= try table.resolve(url) }  // warm-up
    let rounds = 300
    let elapsed = try clock.measure {
        for _ in 0..<rounds {
            for url in links { checksum &+= try table.resolve(url) }
        }
    }
    if checksum == Int.min { print("unreachable checksum") }  // keeps the work observable
    let lookups = rounds * links.count
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    let buildNanoseconds = Double(build.components.seconds) * 1e9 + Double(build.components.attoseconds) / 1e9
    return (lookups, nanoseconds / Double(lookups), buildNanoseconds / 1e6)
}

print("patterns   lookups   ns/lookup   build ms")
for count in [10, 100, 1_000, 10_000] {
    let result = try benchmark(patternCount: count)
    print(
        String(count).padding(toLength: 10, withPad: " ", startingAt: 0)
            + " " + String(result.lookups).padding(toLength: 9, withPad: " ", startingAt: 0)
            + " " + String(format: "%9.0f", result.nanosecondsPerLookup)
            + "   " + String(format: "%8.1f", result.buildMilliseconds)
    )
}
