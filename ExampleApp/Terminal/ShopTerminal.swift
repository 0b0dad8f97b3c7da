import Composer
import ComposerShopSwiftUI
import ComposerTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shop in a terminal: type commands, see the screen tree after each one.
///
/// `swift run ComposerShop` is interactive; `swift run ComposerShop --script FILE` reads the
/// commands from FILE and prints each tree (CI runs it as a smoke test); `--map-dot` prints the
/// route map as Graphviz DOT (`scripts/render-map`); `--help` prints the usage and the commands
/// without starting the shop.
@main
@MainActor
struct ShopTerminal {
    static let usage = """
        usage: ComposerShop [--navigation uikit|swiftui] [--script FILE | --map-dot | --help]

        Without arguments the shop reads commands from the terminal and prints the screen tree after
        each one; with --script FILE it runs the commands of FILE (one a line, '#' starts a comment)
        and exits; --map-dot prints the route map as Graphviz DOT; --help prints this and the
        commands, and exits. --navigation swiftui runs the same routes and commands on the SwiftUI
        navigation model instead of the UIKit twin (uikit, the default).
        """

    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var onSwiftUIModel = false
        if let index = arguments.firstIndex(of: "--navigation") {
            guard index + 1 < arguments.count, ["uikit", "swiftui"].contains(arguments[index + 1]) else {
                let given = index + 1 < arguments.count ? ", not '\(arguments[index + 1])'" : ""
                print("--navigation needs uikit or swiftui\(given)\n\n\(usage)")
                exit(2)
            }
            onSwiftUIModel = arguments[index + 1] == "swiftui"
            arguments.removeSubrange(index...(index + 1))
        }
        if arguments == ["--help"] || arguments == ["-h"] {
            print(usage + "\n\n" + ShopApp.help)
            exit(0)
        }
        let shop: any TerminalShop
        do {
            shop = onSwiftUIModel ? try makeSwiftUIModelShop() : try ShopApp()
        } catch {
            print("the shop's links are invalid: \(error)")
            exit(1)
        }
        if arguments == ["--map-dot"] {
            shop.printMap(asDOT: true)
            return
        }
        if !arguments.isEmpty {
            guard arguments.count == 2, arguments[0] == "--script" else {
                print("\(unexpected(in: arguments))\n\n\(usage)")
                exit(2)
            }
            guard let lines = readScript(arguments[1]) else {
                print("cannot read the script '\(arguments[1])'")
                exit(2)
            }
            // A script starts where the prompt does: at home, its tree printed.
            await shop.run("home")
            for line in lines {
                print("> \(line)")
                guard await shop.run(line) else { break }
            }
            return
        }
        print("Composer shop. Type 'help' for commands, 'quit' to leave.")
        await shop.run("home")
        while true {
            print("> ", terminator: "")
            fflush(nil)
            guard let line = readLine() else { break }
            let trimmed = line.trimmingWhitespace
            if trimmed.isEmpty { continue }
            guard await shop.run(trimmed) else { break }
        }
    }

    /// What is wrong with `arguments`, which are not `--script FILE`: a mistyped option is named.
    private static func unexpected(in arguments: [String]) -> String {
        let known = ["--script", "--map-dot", "--help", "-h", "--navigation"]
        if let unknown = arguments.first(where: { $0.hasPrefix("-") && !known.contains($0) }) {
            return "unknown option '\(unknown)'"
        }
        if arguments.first == "--script" {
            return arguments.count == 1
                ? "--script needs a FILE" : "--script takes one FILE, not \(arguments.count - 1)"
        }
        return "unexpected '\(arguments.joined(separator: " "))'"
    }

    private static func readScript(_ path: String) -> [String]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var text = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            text += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return text.split(separator: "\n").map { String($0).trimmingWhitespace }.filter {
            !$0.isEmpty && !$0.hasPrefix("#")
        }
    }
}

extension String {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
