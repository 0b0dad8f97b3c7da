import ComposerTesting

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

/// A link that matches pattern `index`.
func hit(_ index: Int, random: inout SeededRandom) -> String {
    let module = "m\(index / 10)"
    let number = Int(random.next() % 100_000)
    switch index % 10 {
    case 0: return "shop://\(module)"
    case 1: return "shop://\(module)/list"
    case 2: return "shop://\(module)/\(number)"
    case 3: return "shop://\(module)/shoes-\(number)"
    case 4: return "shop://\(module)/\(number)/reviews/3F2504E0-4F89-11D3-9A0C-0305E82C3301"
    case 5: return "shop://\(module)/summer-sale/edit?tab=details&utm_source=mail"
    case 6: return "shop://\(module)/files/docs/2024/report%20final.pdf"
    case 7: return "https://WWW.shop.example.com/\(module)/p/user-\(number)"
    case 8: return "https://shop.example.com/\(module)/\(number).99/true"
    // The typed branch fails deep ('not-a-uuid'), so the walk backs up to the catch-all.
    default: return "shop://\(module)/\(number)/reviews/not-a-uuid"
    }
}

/// A link that no pattern takes, so it goes to the fallback: an unknown first segment, a
/// dead end deep in a module, a value of the wrong type, an unknown host.
func miss(_ index: Int, random: inout SeededRandom) -> String {
    let module = "m\(index / 10)"
    switch random.next() % 4 {
    case 0: return "shop://unknown\(random.next() % 1000)/x/y"
    case 1: return "shop://\(module)/list/extra"
    case 2: return "https://shop.example.com/\(module)/cheap/true"
    default: return "https://elsewhere.example.com/\(module)/p"
    }
}

/// What an app's closure does with a match: reads every value the pattern declares.
/// `read(name, kind)` returns a number standing for the value, so the work stays observable.
enum ValueKind { case int, double, bool, uuid, string, optionalString }

/// The values each shape's closure reads.
func reads(_ index: Int) -> [(String, ValueKind)] {
    switch index % 10 {
    case 2, 7: [("id", .int)]
    case 3: [("slug", .string)]
    case 4: [("id", .int), ("review", .uuid)]
    case 5: [("slug", .string), ("tab", .optionalString)]
    case 6: [("rest", .string)]
    case 8: [("price", .double), ("flag", .bool)]
    case 9: [("id", .int), ("rest", .string)]
    default: []
    }
}

/// The shape whose placeholders differ only in the static text around them: `u<n>-<int:id>.json`.
func affixPattern(_ index: Int) -> String { "app://w/u\(index)-<int:id>.json" }

/// A link to `affixPattern(index)`.
func affixLink(_ index: Int, random: inout SeededRandom) -> String {
    "app://w/u\(index)-\(random.next() % 100_000).json"
}
