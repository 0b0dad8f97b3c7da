import Composer

/// A container's children as `[any Screen]`, made once per change of the children: letting Swift
/// convert a `[TestScreen]` at each read casts every element dynamically, and the router reads a
/// container's children at every step of a search.
struct ScreenList {
    private var made: [any Screen]?

    /// Forgets the list; the next read makes it again.
    mutating func invalidate() {
        made = nil
    }

    /// `children` as `[any Screen]`, from the last read if they have not changed since.
    mutating func screens(of children: [TestScreen]) -> [any Screen] {
        if let made { return made }
        let screens = children.map { child -> any Screen in child }
        made = screens
        return screens
    }
}
